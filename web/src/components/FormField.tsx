import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import type { FormState } from "../lib/form";

/** Error texts are either rule keys ("validation.*", translated here) or the server's own text. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: string | undefined, label: string) =>
    error === undefined ? undefined : error.startsWith("validation.") ? t(error, { field: label }) : error;
}

type FieldProps<V extends Record<string, unknown>> = {
  form: FormState<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "value" | "onChange">;

/** A labelled text input bound to a useForm field, with its error under it (announced to screen readers). */
export function TextField<V extends Record<string, unknown>>({ form, name, label, hint, type = "text", ...rest }: FieldProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText()(form.errorOf(name), label);
  const [reveal, setReveal] = useState(false);
  const isPassword = type === "password";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && reveal ? "text" : type}
          className={`input w-full ${isPassword ? "pe-12" : ""} ${errorText ? "input-error" : ""}`}
          value={String(form.values[name] ?? "")}
          onChange={(e) => form.set(name, e.target.value as V[typeof name])}
          onBlur={() => form.touch(name)}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? `${id}-error` : hint ? `${id}-hint` : undefined}
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
      {errorText ? (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {errorText}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-base-content/70">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The form-level error (the server's text when it names no field). */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft">
      {text}
    </div>
  );
}
