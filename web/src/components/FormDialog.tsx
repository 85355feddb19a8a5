import { useId, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** While sending: the submit button is disabled and spins. */
  busy: boolean;
  submitText?: string;
  /** Extra classes for the box, such as a wider `max-w-2xl`. */
  className?: string;
  /** "off" where the form holds credentials the browser must not fill in. */
  autoComplete?: string;
  children: ReactNode;
}

/** The modal shell of the admin add/edit forms: title, fields, cancel and save, a backdrop that closes. */
export function FormDialog({ title, onClose, onSubmit, busy, submitText, className = "", autoComplete, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="modal modal-open" role="presentation">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className={`modal-box flex flex-col gap-4 ${className}`}
        onSubmit={onSubmit}
        noValidate
        autoComplete={autoComplete}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {submitText ?? t("save")}
          </button>
        </div>
      </form>
      <button type="button" className="modal-backdrop" aria-label={t("close")} onClick={onClose} />
    </div>
  );
}
