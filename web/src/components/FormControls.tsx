import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { FormState } from "../lib/form";
import { FilePicker } from "./FilePicker";
import { bindText, Field, type FieldBase } from "./FormField";

/*
 * The form controls beyond text inputs, bound to a useForm field like TextField. Kept apart from
 * FormField.tsx so the sign-in page's first load carries only what it uses.
 */

/** A multi-line text field. */
export function TextAreaField<V extends object>({
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
          {...bindText(form, name)}
          {...rest}
        />
      )}
    />
  );
}

/** A drop-down of `<option>` children; the value is text. */
export function SelectField<V extends object>({
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
          {...bindText(form, name)}
          {...rest}
        >
          {children}
        </select>
      )}
    />
  );
}

/** A file input; the chosen file (or null) is the field's value. */
export function FileField<V extends object>({
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
        <FilePicker
          {...props}
          file={form.values[name] instanceof File ? form.values[name] : null}
          invalid={invalid}
          className={className}
          onChange={(e) => form.set(name, (e.target.files?.[0] ?? null) as V[typeof name])}
          {...rest}
        />
      )}
    />
  );
}

/** An on/off switch with its label beside it. */
export function ToggleField<V extends object>({ form, name }: { form: FormState<V>; name: keyof V & string }) {
  return (
    <label className="label cursor-pointer justify-start gap-3 whitespace-normal">
      <input
        type="checkbox"
        name={name}
        className="toggle toggle-primary shrink-0"
        checked={form.values[name] === true}
        onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
      />
      {/* daisyUI's .label fades its text to 60 %, under 4.5:1 on a card: the toggle's words are the field's name. */}
      <span className="text-base-content">{form.labelOf(name)}</span>
    </label>
  );
}

/**
 * A checkbox with its label beside it (a text, or a node with a link); the value is a boolean. The form's
 * label for the field names it in error texts.
 */
export function CheckboxField<V extends object>({
  form,
  name,
  label,
}: {
  form: FormState<V>;
  name: keyof V & string;
  label: ReactNode;
}) {
  const id = useId();
  const error = form.errorOf(name);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          className={`checkbox checkbox-sm mt-0.5 ${error ? "checkbox-error" : ""}`}
          checked={form.values[name] === true}
          onChange={(event) => form.set(name, event.target.checked as V[typeof name])}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
