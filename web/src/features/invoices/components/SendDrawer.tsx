import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "../../../components/Snackbar";
import { sendInvoice } from "../api/payments";
import type { Payment } from "../types";
import { DrawerForm } from "./DrawerForm";

/** Queues the invoice mail (send-invoice); it lands in the outbox. */
export function SendDrawer({ payment, siteName, onClose }: { payment: Payment; siteName: string; onClose: () => void }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const [to, setTo] = useState(payment.userEmail);
  const [subject, setSubject] = useState(t("sendSubject", { site: siteName, number: payment.invoiceNumber }));
  const [message, setMessage] = useState(t("sendMessage", { name: payment.userName, number: payment.invoiceNumber }));

  async function send() {
    const answer = await sendInvoice({ referenceId: payment.referenceId, to: to.trim() || undefined, subject, message });
    snackbar.success(answer.message);
    onClose();
  }

  return (
    <DrawerForm title={t("sendTitle")} onClose={onClose} send={send} failedText={t("sendFailed")} submitText={t("send")}>
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
    </DrawerForm>
  );
}
