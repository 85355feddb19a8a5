import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { useConfirm } from "../../../components/ConfirmDialog";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { cancelPayment, confirmPayment } from "../api";
import { OPEN_STATUSES, type Payment } from "../types";
import { RefundDialog } from "./RefundDialog";

/** Preview, and for admins confirm / cancel an open payment, each after a confirmation dialog. */
export function PaymentActions({ payment, onChanged, compact }: { payment: Payment; onChanged: () => void; compact?: boolean }) {
  const { t } = useTranslation("invoices");
  const { ability } = useSession();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const open = OPEN_STATUSES.includes(payment.status);
  // A transfer is confirmed against its proof; without one (still pending) there is nothing to check yet, so
  // no Confirm here (a transfer seen in the bank is recorded from the invoice with "Add payment").
  const confirmable = payment.status === "awaiting_confirmation" || payment.hasProof;
  const isAdmin = ability.can("update", "Payment");
  const size = compact ? "btn-xs" : "btn-sm";

  async function run(kind: "confirm" | "cancel") {
    const amount = formatMoney(payment.amount, payment.currency);
    const ok = await confirm(
      kind === "confirm"
        ? {
            title: t("confirmTitle"),
            text: t("confirmText", { amount, name: payment.userName }),
            confirmText: t("confirm"),
            tone: "primary",
          }
        : { title: t("cancelTitle"), text: t("cancelText", { amount, name: payment.userName }), confirmText: t("cancelPayment") },
    );
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await (kind === "confirm" ? confirmPayment : cancelPayment)(payment.referenceId);
      snackbar.success(answer.message);
      onChanged();
    } catch (error) {
      snackbar.error(t(kind === "confirm" ? "confirmFailed" : "cancelFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap justify-end gap-1">
      {compact && (
        <Link href={`/apps/invoice/preview/${payment.referenceId}`} className={`btn btn-ghost ${size}`}>
          {t("preview")}
        </Link>
      )}
      {open && !isAdmin && (
        <Link href={`/payment/${payment.referenceId}`} className={`btn btn-primary ${size}`}>
          {t("payNow")}
        </Link>
      )}
      {isAdmin && payment.unappliedCharge && (
        // A card charge Stripe took after the payment was settled another way (audit: card-payment-unapplied).
        <button type="button" className={`btn btn-outline btn-error ${size}`} onClick={() => setRefunding(true)}>
          {t("refundCharge")}
        </button>
      )}
      {refunding && (
        <RefundDialog
          payment={payment}
          unappliedCharge
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            onChanged();
          }}
        />
      )}
      {open && isAdmin && (
        <>
          {confirmable && (
            <button type="button" className={`btn btn-success ${size}`} disabled={busy} onClick={() => void run("confirm")}>
              {t("confirm")}
            </button>
          )}
          <button type="button" className={`btn btn-ghost text-error ${size}`} disabled={busy} onClick={() => void run("cancel")}>
            {t("cancelPayment")}
          </button>
        </>
      )}
    </div>
  );
}
