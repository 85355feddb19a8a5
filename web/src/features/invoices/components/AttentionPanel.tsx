import useSWR from "swr";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ErrorState } from "../../../components/PageStates";
import { formatDate, formatMoney } from "../../../lib/format";
import { paymentAttention } from "../api";
import { PaymentActions } from "./PaymentActions";

/**
 * Above the admins' payments list (issue 30): payments with a proof of transfer, which never expire and
 * wait for a confirmation or a cancellation, oldest first; and card charges that granted nothing and
 * are to be refunded from Stripe's dashboard. Nothing shows while it loads or when nothing waits.
 */
export function AttentionPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation("invoices");
  const attention = useSWR(["payment-attention", version], paymentAttention, { keepPreviousData: true });
  if (attention.error) return <ErrorState text={t("attention.failed")} onRetry={() => void attention.mutate()} />;
  const data = attention.data;
  if (!data || (data.awaiting.length === 0 && data.refunds.length === 0)) return null;
  const changed = () => {
    void attention.mutate();
    onChanged();
  };
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="payment-attention">
      {data.awaiting.length > 0 && (
        <section className="card min-w-0 border-s-4 border-warning bg-base-100 shadow-sm" aria-labelledby="attention-proofs">
          <div className="card-body gap-3 p-4">
            <h2 id="attention-proofs" className="card-title text-base">
              {t("attention.proofs", { count: data.awaitingTotal })}
            </h2>
            <p className="text-sm text-base-content/70">{t("attention.proofsText")}</p>
            <ul className="divide-y divide-base-200">
              {data.awaiting.map((payment) => (
                <li key={payment.referenceId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <div className="truncate font-medium">{payment.userName || payment.userEmail}</div>
                    <div className="text-sm text-base-content/70">
                      {formatMoney(payment.amount, payment.currency)} · {formatDate(payment.createdAt)}
                    </div>
                  </div>
                  <PaymentActions payment={payment} onChanged={changed} compact />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {data.refunds.length > 0 && (
        <section className="card min-w-0 border-s-4 border-error bg-base-100 shadow-sm" aria-labelledby="attention-refunds">
          <div className="card-body gap-3 p-4">
            <h2 id="attention-refunds" className="card-title text-base">
              {t("attention.refunds", { count: data.refunds.length })}
            </h2>
            <p className="text-sm text-base-content/70">{t("attention.refundsText")}</p>
            <ul className="divide-y divide-base-200">
              {data.refunds.map((refund) => (
                <li key={refund.auditId} className="flex min-w-0 flex-col gap-1 py-2">
                  <div className="flex flex-wrap justify-between gap-2">
                    <Link href={`/apps/invoice/preview/${refund.referenceId}`} className="link min-w-0 truncate font-medium">
                      {refund.amount !== null && refund.currency
                        ? formatMoney(refund.amount, refund.currency)
                        : refund.referenceId.slice(0, 12)}
                    </Link>
                    <span className="text-sm text-base-content/70">{formatDate(refund.createdAt, true)}</span>
                  </div>
                  <div className="text-sm">{t(`attention.reason.${refund.reason}`)}</div>
                  {refund.paymentIntentId && (
                    <code className="break-all text-xs text-base-content/70" dir="ltr">
                      {refund.paymentIntentId}
                    </code>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}
