import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "react-i18next";
import type { FormState } from "../lib/form";

type Values = object;

interface FieldBase<V extends Values> {
  form: FormState<V>;
  name: keyof V & string;
  hint?: ReactNode;
}

/** What a control needs to be labelled, described and marked invalid. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
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
      <label htmlFor={id} className="text-sm font-medium">
        {form.labelOf(name)}
      </label>
      {control({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined }, !!error)}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps<V extends Values> = FieldBase<V> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "value" | "onChange">;

/** A text input (any text-like type: email, url, number, date, password with a show/hide button). */
export function TextField<V extends Values>({ form, name, hint, type = "text", className = "", ...rest }: InputProps<V>) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === "password";
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
            value={String(form.values[name] ?? "")}
            onChange={(e) => form.set(name, e.target.value as V[typeof name])}
            onBlur={() => form.touch(name)}
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

/** A multi-line text field. */
export function TextAreaField<V extends Values>({
  form,
  name,
  hint,
  className = "",
  ...rest
}: FieldBase<V> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "form" | "name" | "value" | "onChange">) {
  return (
    <Field
      form={form}
      name={name}
      hint={hint}
      control={(props, invalid) => (
        <textarea
          {...props}
          className={`textarea w-full ${invalid ? "textarea-error" : ""} ${className}`}
          value={String(form.values[name] ?? "")}
          onChange={(e) => form.set(name, e.target.value as V[typeof name])}
          onBlur={() => form.touch(name)}
          {...rest}
        />
      )}
    />
  );
}

/** A drop-down of `<option>` children; the value is text. */
export function SelectField<V extends Values>({
  form,
  name,
  hint,
  children,
  className = "",
  ...rest
}: FieldBase<V> & Omit<SelectHTMLAttributes<HTMLSelectElement>, "form" | "name" | "value" | "onChange">) {
  return (
    <Field
      form={form}
      name={name}
      hint={hint}
      control={(props, invalid) => (
        <select
          {...props}
          className={`select w-full ${invalid ? "select-error" : ""} ${className}`}
          value={String(form.values[name] ?? "")}
          onChange={(e) => form.set(name, e.target.value as V[typeof name])}
          {...rest}
        >
          {children}
        </select>
      )}
    />
  );
}

/** A file input; the chosen file (or null) is the field's value. */
export function FileField<V extends Values>({
  form,
  name,
  hint,
  className = "",
  ...rest
}: FieldBase<V> & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "value" | "onChange" | "type">) {
  return (
    <Field
      form={form}
      name={name}
      hint={hint}
      control={(props, invalid) => (
        <input
          {...props}
          type="file"
          className={`file-input w-full ${invalid ? "file-input-error" : ""} ${className}`}
          onChange={(e) => form.set(name, (e.target.files?.[0] ?? null) as V[typeof name])}
          {...rest}
        />
      )}
    />
  );
}

/** An on/off switch with its label beside it. */
export function ToggleField<V extends Values>({ form, name }: { form: FormState<V>; name: keyof V & string }) {
  return (
    <label className="label cursor-pointer justify-start gap-3">
      <input
        type="checkbox"
        name={name}
        className="toggle toggle-primary"
        checked={form.values[name] === true}
        onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
      />
      <span>{form.labelOf(name)}</span>
    </label>
  );
}

/** The submit button: disabled and spinning while the form sends (`disabled` adds other reasons). */
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
  return (
    <button type="submit" className={`btn ${className}`} disabled={sending || disabled}>
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
