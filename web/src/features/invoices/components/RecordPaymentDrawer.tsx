import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextAreaField } from "../../../components/FormControls";
import { useForm } from "../../../lib/form";
import { formatMoney } from "../../../lib/format";
import { confirmPayment, updatePayment } from "../api";
import type { Payment } from "../types";

/**
 * "Add payment" on an open invoice: the admin records that the money arrived (with a note, say the
 * bank's transaction id), which confirms the payment and grants it once.
 */
export function RecordPaymentDrawer({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation("invoices");
  const form = useForm<{ note: string }>({ note: payment.note }, { note: { label: t("note") } });

  async function send({ note }: { note: string }) {
    if (note !== payment.note) await updatePayment(payment.referenceId, note);
    const answer = await confirmPayment(payment.referenceId);
    onDone();
    return answer.message;
  }

  return (
    <FormDialog
      variant="drawer"
      title={t("recordTitle")}
      form={form}
      onSend={send}
      onClose={onClose}
      submitText={t("recordSubmit")}
      submitClass="btn-success"
    >
      <p>{t("recordText", { amount: formatMoney(payment.amount, payment.currency), name: payment.userName })}</p>
      <TextAreaField form={form} name="note" maxLength={500} />
    </FormDialog>
  );
}
