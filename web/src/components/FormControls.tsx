import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { FormState } from "../lib/form";
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
export function ToggleField<V extends object>({ form, name }: { form: FormState<V>; name: keyof V & string }) {
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
