import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { sendInvoice } from "../api/payments";
import type { Payment } from "../types";
import { Drawer } from "./Drawer";

/** Queues the invoice mail (send-invoice); it lands in the outbox. */
export function SendDrawer({ payment, siteName, onClose }: { payment: Payment; siteName: string; onClose: () => void }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const [to, setTo] = useState(payment.userEmail);
  const [subject, setSubject] = useState(t("sendSubject", { site: siteName, number: payment.invoiceNumber }));
  const [message, setMessage] = useState(t("sendMessage", { name: payment.userName, number: payment.invoiceNumber }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await sendInvoice({ referenceId: payment.referenceId, to: to.trim() || undefined, subject, message });
      snackbar.success(answer.message);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("sendFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer title={t("sendTitle")} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <label className="grid gap-1">
          <span className="text-sm font-medium">{t("sendTo")}</span>
          <input className="input w-full" type="email" value={to} onChange={(e) => setTo(e.target.value)} dir="ltr" />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-medium">{t("sendSubjectLabel")}</span>
          <input className="input w-full" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-medium">{t("sendMessageLabel")}</span>
          <textarea
            className="textarea h-40 w-full"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={2000}
          />
        </label>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {error}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("send")}
          </button>
        </div>
      </form>
    </Drawer>
  );
}
