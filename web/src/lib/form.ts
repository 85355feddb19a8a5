import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "./snackbar";
import { ApiError, networkText } from "./api";

/** A problem with a value: a `common:validation.*` key (worded with the field's label) or a ready text. */
type Problem = { key: string; values?: Record<string, unknown> } | { text: string };

/**
 * A rule: when the value breaks it, a key (`validation.*` of common, or "ns:key") worded with the
 * field's label, or the key with more values for its text.
 */
type Check<V, K extends keyof V> = (
  value: V[K],
  values: V,
) => string | { key: string; values: Record<string, unknown> } | undefined;

/** One field of a form: its label in the reader's language (every error names it) and its own rule. */
export interface FieldSpec<V, K extends keyof V> {
  label: string;
  check?: Check<V, K>;
}

/** The form's fields by wire name: the one place that maps them to labels. */
export type FieldSpecs<V> = { [K in keyof V & string]?: FieldSpec<V, K> };

export interface FormOptions {
  /** Failures also go to an error snackbar as `prefix` + the shown error (spec section 8). */
  failure?: { prefix: string; fallback: string };
}

export interface FormState<V extends object> {
  values: V;
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  touch: (field: keyof V & string) => void;
  labelOf: (field: keyof V & string) => string;
  /** The error shown under a field: the server's, else its rule's (once touched or submitted), else the browser's. */
  errorOf: (field: keyof V & string) => string | undefined;
  /** Whether the field must be filled (its rule refuses it empty): its label is marked before any submit. */
  isRequired: (field: keyof V & string) => boolean;
  /** Whether the field passes its own rule (a step of a wizard checks its fields before moving on). */
  passes: (field: keyof V & string) => boolean;
  /** The server's error when it names no field of this form. */
  formError: string | null;
  sending: boolean;
  /**
   * The submit handler: checks the rules and the browser's own constraints (type url/email, min, max,
   * required), then runs `send`; a text it returns is a success snackbar, what it throws is shown.
   */
  submit: (send: (values: V) => Promise<string | void>) => (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  reset: (values?: V) => void;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The browser's verdict on a control (it keeps checking type, min, max, required under noValidate). */
function constraintProblem(control: Control): Problem | undefined {
  const v = control.validity;
  if (v.valid) return undefined;
  if (v.valueMissing) return { key: "validation.required" };
  if (v.typeMismatch) return { key: control.type === "email" ? "validation.email" : "validation.url" };
  if (v.badInput) return { key: "validation.number" };
  if (v.rangeUnderflow) return { key: "validation.min", values: { limit: (control as HTMLInputElement).min } };
  if (v.rangeOverflow) return { key: "validation.max", values: { limit: (control as HTMLInputElement).max } };
  if (v.stepMismatch) return { key: "validation.step" };
  return { key: "validation.invalid" };
}

/**
 * The one form pattern of the app (auth pages, settings, every dialog and drawer): values, rules checked
 * as the user types, the browser's constraints checked on submit, a busy flag, the server's field errors
 * under their fields, and success and failure snackbars. Every error names the field by its label.
 */
export function useForm<V extends object>(initial: V, fields: FieldSpecs<V>, options: FormOptions = {}): FormState<V> {
  const { t } = useTranslation();
  const notify = useNotify();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [browser, setBrowser] = useState<Partial<Record<string, Problem>>>({});
  const [server, setServer] = useState<{ field?: string; problem: Problem } | null>(null);
  // A failed send's form and the field its error names, focused once the submit button is enabled again.
  const failedIn = useRef<{ form: HTMLFormElement; field?: string } | null>(null);

  useEffect(() => {
    const failed = failedIn.current;
    if (sending || !failed) return;
    failedIn.current = null;
    const named = failed.field ? failed.form.elements.namedItem(failed.field) : null;
    if (named instanceof HTMLElement) named.focus();
    // The disabled submit button lost the focus (browsers drop it to the page): the keyboard resumes there.
    else if (!failed.form.contains(document.activeElement) || document.activeElement === failed.form)
      failed.form.querySelector<HTMLElement>('[type="submit"]')?.focus();
  }, [sending]);

  const spec = (field: string) => fields[field as keyof V & string] as FieldSpec<V, keyof V> | undefined;
  const labelOf = (field: string) => spec(field)?.label ?? field;
  const ruleOf = (field: string): Problem | undefined => {
    const broken = spec(field)?.check?.(values[field as keyof V], values);
    return typeof broken === "string" ? { key: broken } : broken;
  };
  // Asked of text fields only: a rule of another kind of value (a file, a number) may not take an empty text.
  const isRequired = (field: string) =>
    typeof initial[field as keyof V] === "string" && spec(field)?.check?.("" as V[keyof V], values) === "validation.required";
  const word = (problem: Problem, field?: string) =>
    "text" in problem ? problem.text : t(problem.key, { ...problem.values, field: field ? labelOf(field) : "" });

  const set = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    // An error about this field is stale once the user changes it.
    setBrowser((current) => ({ ...current, [field]: undefined }));
    setServer((current) => (current?.field === field ? null : current));
  };

  const touch = (field: keyof V & string) => setTouched((current) => ({ ...current, [field]: true }));

  const errorOf = (field: keyof V & string) => {
    const problem =
      (server?.field === field ? server.problem : undefined) ??
      (touched[field] || attempted ? ruleOf(field) : undefined) ??
      browser[field];
    return problem && word(problem, field);
  };

  /** The server's error as this form shows it: on a field of the form with its label, else as sent. */
  const fromError = (error: unknown): { field?: string; problem: Problem } => {
    if (!(error instanceof ApiError)) return { problem: { text: options.failure?.fallback ?? networkText() } };
    const field = error.field && spec(error.field) ? error.field : undefined;
    if (!field) return { problem: { text: error.message } };
    if (error.code === "required") return { field, problem: { key: "validation.required" } };
    if (error.reason) return { field, problem: { key: "validation.reason", values: { reason: error.reason } } };
    // A conflict (say, a taken email) or a refused secret (wrong_password, wrong_code, wrong_recovery_code,
    // code_used: 400, or 401 at sign-in) is worded for people; a bare validation text would name the field
    // instead of the problem.
    // A refused placeholder names itself (unknown_placeholder, malformed_placeholder): the text says which.
    if (error.status === 409 || /^(wrong_|code_used)|_placeholder$/.test(error.code))
      return { field, problem: { text: error.message } };
    return { field, problem: { key: "validation.invalid" } };
  };

  const submit = (send: (values: V) => Promise<string | void>) => async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (sending) return;
    setAttempted(true);
    const found: Partial<Record<string, Problem>> = {};
    let first: Control | undefined;
    for (const element of Array.from(event?.currentTarget.elements ?? [])) {
      const control = element as Control;
      if (!control.name || !spec(control.name) || !control.validity) continue;
      const broken = constraintProblem(control);
      if (broken) found[control.name] = broken;
      if (broken || ruleOf(control.name)) first ??= control;
    }
    setBrowser(found);
    const invalid = Object.keys(fields).some((field) => ruleOf(field));
    if (first || invalid) {
      first?.focus();
      return;
    }
    const form = event?.currentTarget;
    setSending(true);
    setServer(null);
    try {
      const message = await send(values);
      if (message) notify?.(message, "success");
    } catch (error) {
      const shown = fromError(error);
      setServer(shown);
      if (form) failedIn.current = { form, field: shown.field };
      if (options.failure) notify?.(options.failure.prefix + word(shown.problem, shown.field), "error");
    } finally {
      setSending(false);
    }
  };

  const reset = (next?: V) => {
    setValues(next ?? initial);
    setTouched({});
    setAttempted(false);
    setBrowser({});
    setServer(null);
  };

  return {
    values,
    set,
    touch,
    labelOf,
    errorOf,
    isRequired,
    passes: (field) => !ruleOf(field),
    formError: server && !server.field ? word(server.problem) : null,
    sending,
    submit,
    reset,
  };
}

/** Rules shared by the forms; each returns a key of `common:validation`, or undefined. */
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
