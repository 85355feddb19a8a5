import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "../../../components/Snackbar";
import { formatMoney } from "../../../lib/format";
import { confirmPayment, updatePayment } from "../api/payments";
import type { Payment } from "../types";
import { DrawerForm } from "./DrawerForm";

/**
 * "Add payment" on an open invoice: the admin records that the money arrived (with a note, say the
 * bank's transaction id), which confirms the payment and grants it once.
 */
export function RecordPaymentDrawer({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const [note, setNote] = useState(payment.note);

  async function send() {
    if (note !== payment.note) await updatePayment(payment.referenceId, note);
    const answer = await confirmPayment(payment.referenceId);
    snackbar.success(answer.message);
    onDone();
  }

  return (
    <DrawerForm
      title={t("recordTitle")}
      onClose={onClose}
      send={send}
      failedText={t("confirmFailed")}
      submitText={t("recordSubmit")}
      submitClass="btn-success"
    >
      <p>{t("recordText", { amount: formatMoney(payment.amount, payment.currency), name: payment.userName })}</p>
      <label className="grid gap-1">
        <span className="text-sm font-medium">{t("note")}</span>
        <textarea className="textarea w-full" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      </label>
    </DrawerForm>
  );
}
