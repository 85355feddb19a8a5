import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { Drawer } from "./Drawer";

interface Props {
  title: string;
  onClose: () => void;
  /** Does the work; what it throws is shown above the buttons (the server's text, else `failedText`). */
  send: () => Promise<void>;
  failedText: string;
  submitText: string;
  /** The submit button's colour, such as `btn-success` for recording money. */
  submitClass?: string;
  children: ReactNode;
}

/** A drawer holding one form: fields, the failure in an alert, cancel and submit (disabled while sending). */
export function DrawerForm({ title, onClose, send, failedText, submitText, submitClass = "btn-primary", children }: Props) {
  const { t } = useTranslation("invoices");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : failedText);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer title={title} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className={`btn ${submitClass}`} disabled={busy}>
            {submitText}
          </button>
        </div>
      </form>
    </Drawer>
  );
}
