import { useCallback, useDeferredValue, useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams, useSearch } from "wouter";
import { CopyButton } from "../../../components/CopyButton";
import { Icon } from "../../../components/Icon";
import { ErrorState } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useHydrating } from "../../../lib/hydration";
import { SWR_DEFAULTS } from "../../../lib/swr";
import { useSession } from "../../../providers/session";
import { paymentDetail, paymentDetailKey } from "../api";
import { BankCard } from "../components/BankCard";
import { CardPayment } from "../components/CardPayment";
import { OrderSummary } from "../components/OrderSummary";
import { PaidInvoice } from "../components/PaidInvoice";
import { PaymentHeader } from "../components/PaymentHeader";
import { ProofUpload } from "../components/ProofUpload";
import type { PaymentDetail, PaymentStatus } from "../types";

const STATUS_TONE: Record<PaymentStatus, string> = {
  pending: "badge-warning",
  awaiting_confirmation: "badge-info",
  paid: "badge-success",
  cancelled: "badge-ghost",
  expired: "badge-error",
  refunded: "badge-neutral",
  partially_refunded: "badge-accent",
};

/** How often the page asks whether Stripe's confirmation has arrived, and for how long. */
const POLL_MS = 2000;
const POLL_FOR_MS = 2 * 60 * 1000;

const isOpen = (status: PaymentStatus) => status === "pending" || status === "awaiting_confirmation";

/** The way back: a signed-in payer's payments, else the public home (the logo alone was the only way). */
function BackLink() {
  const { t } = useTranslation("payment");
  const { isLoggedIn } = useSession();
  return (
    <Link
      href={isLoggedIn ? "/pages/account-settings/billing" : "/front-pages/landing-page"}
      className="btn btn-ghost btn-sm gap-1 self-start justify-self-start"
    >
      <Icon name="chevron-left" size={16} className="icon-directional" aria-hidden="true" />
      {isLoggedIn ? t("backToPayments") : t("backHome")}
    </Link>
  );
}

/** A signed-in payer's way to the support desk, with this payment named (decision 0015). */
function GetHelpLink({ referenceId }: { referenceId: string }) {
  const { t } = useTranslation("payment");
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  return (
    <Link href={`/apps/email/inbox?compose=payment&about=${encodeURIComponent(referenceId)}`} className="link text-sm">
      {t("getHelp")}
    </Link>
  );
}

/**
 * The page before its payment has arrived, as the build prerenders it for every reference
 * (web/prerender.ts): the same frame and title, with placeholders where the payment's lines, amount and
 * bank details go, so nothing moves when they come.
 */
function PaymentShell() {
  const { t } = useTranslation("payment");
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2" aria-busy="true" data-testid="payment-shell">
      <p className="sr-only" role="status">
        {t("loadingPayment")}
      </p>
      <div className="skeleton h-72 w-full" />
      <div className="skeleton h-96 w-full" />
    </div>
  );
}

/**
 * The public payment page: anyone with the link sees the amount and lines, and pays by card (when
 * Stripe is configured) or by bank transfer with a proof. Back from Stripe (`?card=return`) it shows
 * "Processing…" and asks again until the webhook has marked the payment paid; `?card=cancelled` is a
 * Checkout the payer left, with both ways to pay still offered.
 */
export default function PaymentPage() {
  const { t } = useTranslation("payment");
  const { referenceId = "" } = useParams<{ referenceId: string }>();
  const card = new URLSearchParams(useSearch()).get("card");
  const hydrating = useHydrating();
  const [startedEarlier, setStartedEarlier] = useState(false);
  const [waitedOut, setWaitedOut] = useState(false);
  const [sentProof, setSentProof] = useState<string | null>(null);
  const awaitingCard = card === "return" || startedEarlier;
  const detail = useSWR(paymentDetailKey(referenceId), () => paymentDetail(referenceId), {
    ...SWR_DEFAULTS,
    refreshInterval: (latest?: PaymentDetail) => (awaitingCard && !waitedOut && latest && isOpen(latest.status) ? POLL_MS : 0),
  });
  const [timeUp, setTimeUp] = useState(false);
  const onExpired = useCallback(() => setTimeUp(true), []);
  // While the prerendered page hydrates, it renders its shell as the HTML has it; the payment right after.
  // Rendered as a transition, in slices a phone's main thread can answer taps between.
  const p = useDeferredValue(hydrating ? undefined : detail.data);
  const processing = awaitingCard && p !== undefined && isOpen(p.status);

  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => setWaitedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [processing]);

  if (!hydrating && detail.error && !detail.data) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        <PaymentHeader />
        <main className="mx-auto flex max-w-4xl flex-col gap-6 p-4 md:p-8">
          <BackLink />
          {missing ? (
            <div className="card bg-base-100 p-8 text-center shadow">
              <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
              <p className="text-base-content/70">{t("notFoundText")}</p>
            </div>
          ) : (
            <ErrorState onRetry={() => void detail.mutate()} />
          )}
        </main>
      </>
    );
  }
  const open = p !== undefined && isOpen(p.status) && !timeUp;
  // While a card payment is being confirmed, or once paid, there is nothing left to pay.
  const payable = p !== undefined && p.status !== "paid" && !processing;
  const byCard = p !== undefined && p.payByCard && p.status === "pending" && !timeUp && !processing;
  const proofName = sentProof ?? p?.proofName ?? null;

  return (
    <>
      <PaymentHeader />
      <main className="p-4 md:p-8">
        <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
          <BackLink />
          <header className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold">{t("paymentTitle")}</h1>
              {/* A line of the same height before the payment arrives: nothing below moves. */}
              <p className="flex min-h-7 flex-wrap items-center gap-x-1 text-sm text-base-content/70">
                {p ? (
                  <>
                    {t("reference")}:{" "}
                    <code className="break-all" dir="ltr">
                      {p.referenceId}
                    </code>
                    <CopyButton text={p.referenceId} label={t("copyReference")} />
                    <GetHelpLink referenceId={p.referenceId} />
                  </>
                ) : (
                  <span className="skeleton h-4 w-64" />
                )}
              </p>
              {p?.payerName && (
                <p className="text-sm text-base-content/70">
                  {/* A masked Latin name ("B*** W***") inside Arabic text: isolated, so it keeps its own order. */}
                  <Trans
                    t={t}
                    i18nKey="payer"
                    values={{ name: p.payerName }}
                    components={{ name: <bdi data-testid="payer-name" /> }}
                  />
                </p>
              )}
            </div>
            {/* While Stripe's confirmation is on its way the payment is still pending, but the payer has paid. */}
            {p ? (
              <span
                className={`badge badge-lg ${processing ? "badge-info" : STATUS_TONE[p.status]}`}
                data-testid="payment-status"
              >
                {processing ? t("cardProcessingStatus") : t(`status.${p.status}`)}
              </span>
            ) : (
              <span className="skeleton h-8 w-28" />
            )}
          </header>

          {!p ? (
            <PaymentShell />
          ) : (
            <>
              {processing && (
                <div role="status" className="alert alert-info alert-soft alert-horizontal">
                  {waitedOut ? (
                    <>
                      <span>{t("cardSlow")}</span>
                      <button type="button" className="btn btn-sm" onClick={() => void detail.mutate()}>
                        {t("refresh")}
                      </button>
                    </>
                  ) : (
                    <>
                      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                      <span>{t("cardProcessing")}</span>
                    </>
                  )}
                </div>
              )}
              {card === "cancelled" && p.status === "pending" && (
                <div role="status" className="alert alert-warning alert-soft">
                  {t("cardCancelled")}
                </div>
              )}
              {p.status === "paid" && (
                <div role="status" className="alert alert-success alert-soft alert-horizontal">
                  <span>{t("paidOn", { date: formatDate(p.paidAt, true), number: p.invoiceNumber })}</span>
                  <PaidInvoice referenceId={p.referenceId} invoiceNumber={p.invoiceNumber} />
                </div>
              )}

              <div className={`grid grid-cols-1 gap-6 ${payable ? "md:grid-cols-2" : ""}`}>
                <OrderSummary payment={p} open={open && !processing} onExpired={onExpired} />
                {payable && (
                  <div className="grid grid-cols-1 content-start gap-6">
                    {byCard && (
                      <section className="card bg-base-100 shadow-sm">
                        <div className="card-body gap-4">
                          <h2 className="card-title">{t("card")}</h2>
                          <CardPayment referenceId={p.referenceId} onProcessing={() => setStartedEarlier(true)} />
                        </div>
                      </section>
                    )}
                    <section className="card bg-base-100 shadow-sm">
                      <div className="card-body gap-4">
                        <h2 className="card-title">{t("bankTransfer")}</h2>
                        <BankCard bank={p.bank} />
                        <p className="text-sm text-base-content/70">{t("transferReference", { reference: p.referenceId })}</p>
                        {p.hasProof && (
                          <p className="flex items-center gap-2 text-sm" data-testid="proof-sent">
                            <Icon name="file" size={16} aria-hidden="true" />
                            <span className="min-w-0 break-all">
                              {proofName ? t("proofSent", { name: proofName }) : t("proofSentUnnamed")}
                            </span>
                          </p>
                        )}
                        {open ? (
                          <>
                            {p.status === "awaiting_confirmation" && (
                              <p className="text-sm text-info" role="status">
                                {t("proofReceived")}
                              </p>
                            )}
                            <ProofUpload
                              referenceId={p.referenceId}
                              onUploaded={(_message, fileName) => {
                                setSentProof(fileName);
                                void detail.mutate();
                              }}
                            />
                          </>
                        ) : (
                          <p className="text-base-content/70">{t("closed")}</p>
                        )}
                      </div>
                    </section>
                  </div>
                )}
              </div>
            </>
          )}
        </div>
      </main>
    </>
  );
}
