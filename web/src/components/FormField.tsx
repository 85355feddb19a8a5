import { useId, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FormState } from "../lib/form";
import { useHydrating } from "../lib/hydration";

type Values = object;

export interface FieldBase<V extends Values> {
  form: FormState<V>;
  name: keyof V & string;
  hint?: ReactNode;
}

/** What a control needs to be labelled, described and marked invalid. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  required?: boolean;
  "aria-describedby"?: string;
}

/**
 * A field's frame: the label the form declares for it, the control, a hint, and the error under it
 * (announced to screen readers). The control gets its id, name and aria attributes.
 */
export function Field<V extends Values>({
  form,
  name,
  hint,
  control,
}: FieldBase<V> & { control: (props: ControlProps, invalid: boolean) => ReactNode }) {
  const id = useId();
  const error = form.errorOf(name);
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      {/* A required control's label gets a star from styles.css: the label's text stays the field's name. */}
      <label htmlFor={id} className="text-sm font-medium">
        {form.labelOf(name)}
      </label>
      {control(
        {
          id,
          name,
          "aria-invalid": error ? true : undefined,
          required: form.isRequired(name),
          "aria-describedby": described || undefined,
        },
        !!error,
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/** An error under a field or a group of fields, announced to screen readers. */
function ErrorText({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="text-sm text-error" role="alert">
      {text}
    </p>
  );
}

/** The error of a field shown as a group (say, a list of rules or lines in a fieldset). */
export function GroupError<V extends Values>({ form, name }: { form: FormState<V>; name: keyof V & string }) {
  return <ErrorText text={form.errorOf(name)} />;
}

/**
 * The ref of an input of a prerendered form: what the reader typed or ticked before the app ran is in the
 * page, where React's hydration leaves it without reporting it; the form takes it as the field's value once.
 */
export function useKeptBeforeHydration<V extends Values>(form: FormState<V>, name: keyof V & string) {
  const kept = useRef(false);
  return (input: HTMLInputElement | null) => {
    if (!input || kept.current) return;
    kept.current = true;
    const value = input.type === "checkbox" ? input.checked : input.value;
    const state = input.type === "checkbox" ? form.values[name] === true : textValue(form, name);
    if (value !== state) form.set(name, value as V[typeof name]);
  };
}

/** A field's value as a text control shows it. */
const textValue = <V extends Values>(form: FormState<V>, name: keyof V & string) => String(form.values[name] ?? "");

/** A text-valued control's value and handlers, bound to a useForm field. */
export function bindText<V extends Values>(form: FormState<V>, name: keyof V & string) {
  return {
    value: textValue(form, name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      form.set(name, e.target.value as V[typeof name]),
    // Leaving an empty field says nothing (submitting does): an error appearing there as the focus moves
    // on would push down what the pointer was pressing, and the click would miss it (a link, a button).
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      if (e.target.value !== "") form.touch(name);
    },
  };
}

type InputProps<V extends Values> = FieldBase<V> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "value" | "onChange">;

/** A text input (any text-like type: email, url, number, date, password with a show/hide button). */
export function TextField<V extends Values>({ form, name, hint, type = "text", className = "", ...rest }: InputProps<V>) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === "password";
  const keepTyped = useKeptBeforeHydration(form, name);
  return (
    <Field
      form={form}
      name={name}
      hint={hint}
      control={(props, invalid) => (
        <div className="relative">
          <input
            {...props}
            type={isPassword && reveal ? "text" : type}
            className={`input w-full ${isPassword ? "pe-12" : ""} ${invalid ? "input-error" : ""} ${className}`}
            ref={keepTyped}
            {...bindText(form, name)}
            {...rest}
          />
          {isPassword && (
            <button
              type="button"
              className="btn btn-ghost btn-xs absolute end-2 top-1/2 -translate-y-1/2"
              onClick={() => setReveal((r) => !r)}
              aria-pressed={reveal}
            >
              {reveal ? t("hide") : t("show")}
            </button>
          )}
        </div>
      )}
    />
  );
}

/**
 * The submit button: disabled and spinning while the form sends (`disabled` adds other reasons), and
 * disabled on a prerendered page until the app has hydrated it, so that neither a click nor Enter sends the
 * form before the app can (the browser would send it itself).
 */
export function SubmitButton({
  sending,
  disabled = false,
  className = "btn-primary",
  children,
}: {
  sending: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrating = useHydrating();
  return (
    <button type="submit" className={`btn ${className}`} disabled={sending || disabled || hydrating}>
      {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The form-level error (the server's text when it names no field of the form). */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft">
      {text}
    </div>
  );
}
