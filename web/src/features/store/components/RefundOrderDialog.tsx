import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { formatMoney } from "../../../lib/format";
import { refundOrder, type Order } from "../api";

interface Props {
  order: Pick<Order, "referenceId" | "amount" | "refundedAmount" | "currency">;
  onClose: () => void;
  onRefunded: () => void;
}

/** Refunds what is left of a paid order (refund-payment), after the admin names a reason: nothing happens before. */
export function RefundOrderDialog({ order, onClose, onRefunded }: Props) {
  const { t } = useTranslation("store");
  const left = formatMoney(order.amount - order.refundedAmount, order.currency);
  const form = useForm(
    { reason: "" },
    { reason: { label: t("order.refundReason"), check: rules.required } },
    { failure: { prefix: t("order.refundFailed"), fallback: t("order.refundFailedDefault") } },
  );
  async function send({ reason }: { reason: string }) {
    const answer = await refundOrder(order.referenceId, reason);
    onRefunded();
    return answer.message;
  }
  return (
    <FormDialog
      title={t("order.refundTitle")}
      form={form}
      onSend={send}
      onClose={onClose}
      submitText={t("order.refundConfirm", { amount: left })}
      submitClass="btn-error"
    >
      <p className="text-sm">{t("order.refundText", { amount: left })}</p>
      <TextField form={form} name="reason" maxLength={500} />
    </FormDialog>
  );
}
