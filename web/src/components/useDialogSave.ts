import { useState } from "react";
import { ApiError } from "../lib/api";

export interface FieldError {
  field: string;
  text: string;
}

interface Options {
  /** Told the failure as `failedPrefix` + the server's text (or `failedDefault`), typically a snackbar. */
  onError: (text: string) => void;
  failedPrefix: string;
  failedDefault: string;
}

/**
 * The save step of the admin dialogs: a field error from the form's own check or from the API's
 * `{field}` answer, a busy flag while sending, and the failure handed to `onError`.
 */
export function useDialogSave({ onError, failedPrefix, failedDefault }: Options) {
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows `missing` under its field and sends nothing, or sends with the previous error cleared. */
  async function save(missing: FieldError | null, send: () => Promise<void>) {
    if (missing) {
      setFieldError(missing);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await send();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : failedDefault;
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, text });
      onError(failedPrefix + text);
    } finally {
      setBusy(false);
    }
  }

  /** The error text for `field`, when the shown error is about it. */
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.text : undefined);

  return { fieldError, errorOf, busy, save };
}
