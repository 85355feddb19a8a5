import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextAreaField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { formatMoney, minorDigits } from "../../../lib/format";
import { refundPayment } from "../api";
import type { Payment } from "../types";

type Values = { amount: string; reason: string };

/**
 * Refunds a payment (refund-payment): all that is left unless an amount is given, with a reason the
 * credit note carries. `unappliedCharge` refunds instead the card charge taken after the payment was
 * settled another way (in full, no credit note).
 */
export function RefundDialog({
  payment,
  unappliedCharge = false,
  onClose,
  onDone,
}: {
  payment: Payment;
  unappliedCharge?: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("invoices");
  const left = payment.amount - payment.refundedAmount;
  const digits = minorDigits(payment.currency);
  const form = useForm<Values>(
    { amount: "", reason: "" },
    {
      amount: {
        label: t("refundAmount"),
        check: (value) => {
          if (value.trim() === "") return undefined;
          const minor = Math.round(Number(value.replace(",", ".")) * 10 ** digits);
          return Number.isFinite(minor) && minor > 0 && minor <= left
            ? undefined
            : t("refundAmountInvalid", { left: formatMoney(left, payment.currency) });
        },
      },
      reason: { label: t("refundReason"), check: rules.required },
    },
  );

  async function send({ amount, reason }: Values) {
    const answer = await refundPayment({
      referenceId: payment.referenceId,
      reason: reason.trim(),
      ...(unappliedCharge ? { unappliedCharge: true } : {}),
      ...(!unappliedCharge && amount.trim() ? { amount: Math.round(Number(amount.replace(",", ".")) * 10 ** digits) } : {}),
    });
    onDone();
    return answer.message;
  }

  return (
    <FormDialog
      title={unappliedCharge ? t("refundChargeTitle") : t("refundTitle")}
      form={form}
      onSend={send}
      onClose={onClose}
      submitText={t("refund")}
      submitClass="btn-error"
    >
      <p className="text-sm">
        {unappliedCharge
          ? t("refundChargeText", { amount: formatMoney(payment.amount, payment.currency), name: payment.userName })
          : t("refundText", { left: formatMoney(left, payment.currency), name: payment.userName })}
      </p>
      {!unappliedCharge && (
        <TextField
          form={form}
          name="amount"
          inputMode="decimal"
          dir="ltr"
          hint={t("refundAmountHint", { left: formatMoney(left, payment.currency) })}
        />
      )}
      <TextAreaField form={form} name="reason" className="h-24" maxLength={500} />
    </FormDialog>
  );
}
