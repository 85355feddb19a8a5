import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextAreaField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { useForm } from "../../../lib/form";
import { sendInvoice } from "../api";
import type { Payment } from "../types";

type Values = { to: string; subject: string; message: string };

/** Queues the invoice mail (send-invoice); it lands in the outbox. */
export function SendDrawer({ payment, siteName, onClose }: { payment: Payment; siteName: string; onClose: () => void }) {
  const { t } = useTranslation("invoices");
  const form = useForm<Values>(
    {
      to: payment.userEmail,
      subject: t("sendSubject", { site: siteName, number: payment.invoiceNumber }),
      message: t("sendMessage", { name: payment.userName, number: payment.invoiceNumber }),
    },
    { to: { label: t("sendTo") }, subject: { label: t("sendSubjectLabel") }, message: { label: t("sendMessageLabel") } },
  );

  async function send({ to, subject, message }: Values) {
    const answer = await sendInvoice({ referenceId: payment.referenceId, to: to.trim() || undefined, subject, message });
    onClose();
    return answer.message;
  }

  return (
    <FormDialog variant="drawer" title={t("sendTitle")} form={form} onSend={send} onClose={onClose} submitText={t("send")}>
      <TextField form={form} name="to" type="email" dir="ltr" />
      <TextField form={form} name="subject" maxLength={200} />
      <TextAreaField form={form} name="message" className="h-40" maxLength={2000} />
    </FormDialog>
  );
}
