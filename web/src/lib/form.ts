import { useCallback, useMemo, useState, type FormEvent } from "react";
import { ApiError, networkText } from "./api";

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormState<V extends Record<string, unknown>> {
  values: V;
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  touch: (field: keyof V & string) => void;
  /** The error to show for a field: its own (once touched or after a submit attempt) or the server's. */
  errorOf: (field: keyof V & string) => string | undefined;
  /** The server's error text when it names no field of this form. */
  formError: string | null;
  valid: boolean;
  sending: boolean;
  /** Runs `send` when the values are valid; an ApiError becomes the shown error (with its field). */
  submit: (send: (values: V) => Promise<void>) => (event?: FormEvent) => Promise<void>;
  reset: (values?: V) => void;
}

/**
 * Form state for the shell's forms: validated as the user types (errors show once a field was
 * changed or left, or after a submit attempt), submit disabled while sending, server errors shown.
 */
export function useForm<V extends Record<string, unknown>>(initial: V, validate: (values: V) => FieldErrors<V>): FormState<V> {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [server, setServer] = useState<{ text: string; field?: string } | null>(null);

  const errors = useMemo(() => validate(values), [validate, values]);
  const valid = Object.values(errors).every((e) => !e);

  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    // A server error about this field is stale once the user changes it.
    setServer((current) => (current?.field === field ? null : current));
  }, []);

  const touch = useCallback((field: keyof V & string) => setTouched((current) => ({ ...current, [field]: true })), []);

  const errorOf = (field: keyof V & string) => {
    if (server?.field === field) return server.text;
    return touched[field] || attempted ? errors[field] : undefined;
  };

  const formError = server && !(server.field && server.field in values) ? server.text : null;

  const submit = (send: (values: V) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setAttempted(true);
    if (!valid || sending) return;
    setSending(true);
    setServer(null);
    try {
      await send(values);
    } catch (error) {
      if (error instanceof ApiError) setServer({ text: error.message, field: error.field });
      else setServer({ text: (error as Error).message || networkText() });
    } finally {
      setSending(false);
    }
  };

  const reset = (next?: V) => {
    setValues(next ?? initial);
    setTouched({});
    setAttempted(false);
    setServer(null);
  };

  return { values, set, touch, errorOf, formError, valid, sending, submit, reset };
}

/** Simple rules shared by the forms; each returns an i18n key of the common namespace, or undefined. */
export const rules = {
  required: (value: unknown) =>
    (typeof value === "string" ? value.trim() === "" : value == null) ? "validation.required" : undefined,
  email: (value: string) =>
    value.trim() === ""
      ? "validation.required"
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
        ? undefined
        : "validation.email",
  password: (value: string) =>
    value === "" ? "validation.required" : value.length < 8 ? "validation.passwordLength" : undefined,
  matches: (value: string, other: string) => (value !== other ? "validation.passwordsDiffer" : undefined),
  code: (value: string) => (/^\d{6}$/.test(value.trim()) ? undefined : "validation.code"),
};
