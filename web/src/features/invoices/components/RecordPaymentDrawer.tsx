import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { confirmPayment, updatePayment } from "../api/payments";
import type { Payment } from "../types";
import { Drawer } from "./Drawer";

/**
 * "Add payment" on an open invoice: the admin records that the money arrived (with a note, say the
 * bank's transaction id), which confirms the payment and grants it once.
 */
export function RecordPaymentDrawer({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const [note, setNote] = useState(payment.note);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (note !== payment.note) await updatePayment(payment.referenceId, note);
      const answer = await confirmPayment(payment.referenceId);
      snackbar.success(answer.message);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("confirmFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer title={t("recordTitle")} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <p>{t("recordText", { amount: formatMoney(payment.amount, payment.currency), name: payment.userName })}</p>
        <label className="grid gap-1">
          <span className="text-sm font-medium">{t("note")}</span>
          <textarea className="textarea w-full" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
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
          <button type="submit" className="btn btn-success" disabled={busy}>
            {t("recordSubmit")}
          </button>
        </div>
      </form>
    </Drawer>
  );
}
