import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useParams } from "wouter";
import { ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatDate, formatMoney } from "../../../lib/format";
import { paymentDetail, paymentDetailKey } from "../api/paymentDetail";
import { BankCard } from "../components/BankCard";
import { Countdown } from "../components/Countdown";
import { ProofUpload } from "../components/ProofUpload";
import type { PaymentStatus } from "../types";

const STATUS_TONE: Record<PaymentStatus, string> = {
  pending: "badge-warning",
  awaiting_confirmation: "badge-info",
  paid: "badge-success",
  cancelled: "badge-ghost",
  expired: "badge-error",
};

/** The public payment page: anyone with the link sees the amount, lines and bank details, and may upload a proof. */
export default function PaymentPage() {
  const { t } = useTranslation("payment");
  const { referenceId = "" } = useParams<{ referenceId: string }>();
  const detail = useSWR(paymentDetailKey(referenceId), () => paymentDetail(referenceId));
  const [notice, setNotice] = useState<string | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const onExpired = useCallback(() => setTimeUp(true), []);

  if (detail.error && !detail.data) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
        {missing ? (
          <div className="card bg-base-100 p-8 text-center shadow">
            <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
            <p className="text-base-content/70">{t("notFoundText")}</p>
          </div>
        ) : (
          <ErrorState onRetry={() => void detail.mutate()} />
        )}
      </main>
    );
  }
  if (!detail.data) return <Loading />;
  const p = detail.data;
  const open = (p.status === "pending" || p.status === "awaiting_confirmation") && !timeUp;

  return (
    <main className="min-h-screen bg-base-200 p-4 md:p-8">
      <div className="mx-auto grid max-w-4xl gap-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold">{t("paymentTitle")}</h1>
            <p className="text-sm text-base-content/70">
              {t("reference")}:{" "}
              <code className="break-all" dir="ltr">
                {p.referenceId}
              </code>
            </p>
            {p.payerName && <p className="text-sm text-base-content/70">{t("payer", { name: p.payerName })}</p>}
          </div>
          <span className={`badge badge-lg ${STATUS_TONE[p.status]}`} data-testid="payment-status">
            {t(`status.${p.status}`)}
          </span>
        </header>

        {notice && (
          <div role="status" className="alert alert-success alert-soft">
            {notice}
          </div>
        )}

        <div className="grid gap-6 md:grid-cols-2">
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body">
              <h2 className="card-title">{t("summary")}</h2>
              <ul className="divide-y divide-base-200">
                {p.lines.map((line, i) => (
                  <li key={`${line.kind}-${line.refId}-${i}`} className="flex justify-between gap-3 py-2">
                    <span>
                      {line.qty} × {line.name}
                    </span>
                    <span>{formatMoney(line.lineTotal, p.currency)}</span>
                  </li>
                ))}
              </ul>
              <div className="flex justify-between text-xl font-semibold">
                <span>{t("amountDue")}</span>
                <span data-testid="payment-amount">{formatMoney(p.amount, p.currency)}</span>
              </div>
              {open && (
                <div className="flex items-center justify-between gap-2 rounded-box bg-base-200 p-3">
                  <span>{t("expiresIn")}</span>
                  <Countdown until={p.expiresAt} onExpired={onExpired} />
                </div>
              )}
              {p.status === "paid" && <p>{t("paidOn", { date: formatDate(p.paidAt, true), number: p.invoiceNumber })}</p>}
            </div>
          </section>

          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-4">
              <h2 className="card-title">{t("bankTransfer")}</h2>
              <BankCard bank={p.bank} />
              <p className="text-sm text-base-content/70">{t("transferReference", { reference: p.referenceId })}</p>
              {open ? (
                <>
                  {p.status === "awaiting_confirmation" && (
                    <p className="text-sm text-info" role="status">
                      {t("proofReceived")}
                    </p>
                  )}
                  <ProofUpload
                    referenceId={p.referenceId}
                    onUploaded={(message) => {
                      setNotice(message);
                      void detail.mutate();
                    }}
                  />
                </>
              ) : (
                p.status !== "paid" && <p className="text-base-content/70">{t("closed")}</p>
              )}
            </div>
          </section>
        </div>
      </div>
    </main>
  );
}
