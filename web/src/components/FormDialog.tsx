import { useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FormState } from "../lib/form";
import { FormError, SubmitButton } from "./FormField";
import { useFocusTrap } from "../hooks/useFocusTrap";

interface Props<V extends object> {
  title: string;
  form: FormState<V>;
  /** The save: a text it returns shows as a success snackbar; what it throws is shown by the form. */
  onSend: (values: V) => Promise<string | void>;
  onClose: () => void;
  submitText?: string;
  /** The submit button's colour, such as `btn-success` for recording money. */
  submitClass?: string;
  /** Nothing to send yet (the choices are loading, failed or empty): the submit button is disabled. */
  submitDisabled?: boolean;
  /** "drawer" slides in at the inline end (long forms); "modal" is centred. */
  variant?: "modal" | "drawer";
  /** Extra classes for the box, such as a wider `max-w-2xl`. */
  className?: string;
  /** "off" where the form holds credentials the browser must not fill in. */
  autoComplete?: string;
  children: ReactNode;
}

const BOX = {
  modal: "modal-box",
  drawer: "absolute inset-y-0 end-0 h-full w-full max-w-md overflow-y-auto bg-base-100 p-6 shadow-xl",
} as const;

/**
 * The shell of every add/edit form in a dialog: title, fields, the form-level error, cancel and submit.
 * Escape, the close button and the backdrop close it; focus stays inside while it is open.
 */
export function FormDialog<V extends object>({
  title,
  form,
  onSend,
  onClose,
  submitText,
  submitClass,
  submitDisabled = false,
  variant = "modal",
  className = "",
  autoComplete,
  children,
}: Props<V>) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLFormElement>(null);
  useFocusTrap(box, true, onClose);
  return (
    <div className={variant === "modal" ? "modal modal-open" : "fixed inset-0 z-50"} role="presentation">
      {/* A click beside the drawer closes it; keyboards have Escape and the close button. */}
      {variant === "drawer" && <div className="absolute inset-0 bg-base-content/30" aria-hidden="true" onClick={onClose} />}
      <form
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className={`${BOX[variant]} flex flex-col gap-4 outline-none ${className}`}
        onSubmit={(event) => void form.submit(onSend)(event)}
        noValidate
        autoComplete={autoComplete}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {variant === "drawer" && (
            <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t("close")}>
              ✕
            </button>
          )}
        </div>
        <FormError text={form.formError} />
        {children}
        <div className={variant === "modal" ? "modal-action" : "mt-auto flex justify-end gap-2"}>
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <SubmitButton sending={form.sending} disabled={submitDisabled} className={submitClass}>
            {submitText ?? t("save")}
          </SubmitButton>
        </div>
      </form>
      {variant === "modal" && <button type="button" className="modal-backdrop" aria-label={t("close")} onClick={onClose} />}
    </div>
  );
}
