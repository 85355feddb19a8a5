import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { ErrorState, Loading } from "../../../components/PageStates";
import { ApiError, api } from "../../../lib/api";
import { formatDate, formatLineName, formatMoney } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { orderDetail, resendInvoice } from "../api";
import { OrderStatusBadge } from "../components/badges";
import { OrderTimeline } from "../components/OrderTimeline";
import { RefundOrderDialog } from "../components/RefundOrderDialog";

const REFUNDABLE = ["paid", "partially_refunded"];

/** One order: its lines, invoice, credit notes and timeline, with refund and resend. */
export default function OrderDetailsPage() {
  const { t } = useTranslation("store");
  const { id = "" } = useParams<{ id: string }>();
  const snackbar = useSnackbar();
  const detail = useSWR(["invoice-detail", id], () => orderDetail(id));
  const [version, setVersion] = useState(0);
  const credits = useSWR(["search-credit-note", id, version], () => api("search-credit-note", { referenceId: id, limit: 20 }));
  const [refunding, setRefunding] = useState(false);
  const [resending, setResending] = useState(false);

  if (detail.error && !detail.data) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return missing ? (
      <div className="card bg-base-100 p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{t("order.notFound")}</h1>
        <Link href="/apps/ecommerce/order/list" className="link">
          {t("order.back")}
        </Link>
      </div>
    ) : (
      <ErrorState onRetry={() => void detail.mutate()} />
    );
  }
  if (!detail.data) return <Loading />;
  const { payment } = detail.data;
  const money = (value: number) => formatMoney(value, payment.currency);

  async function resend() {
    setResending(true);
    try {
      snackbar.success((await resendInvoice(payment.referenceId)).message);
      setVersion((v) => v + 1);
    } catch (error) {
      snackbar.error(t("order.resendFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setResending(false);
    }
  }

  function refunded() {
    setRefunding(false);
    setVersion((v) => v + 1);
    void detail.mutate();
  }

  return (
    <section className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link href="/apps/ecommerce/order/list" className="link">
              {t("order.back")}
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
            {payment.invoiceNumber !== null ? t("orders.invoiceNumber", { number: payment.invoiceNumber }) : t("order.title")}
            <OrderStatusBadge status={payment.status} />
          </h1>
          <p className="text-xs break-all text-base-content/70">
            {payment.referenceId} · {formatDate(payment.createdAt, true)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {payment.invoiceNumber !== null && (
            <Link href={`/apps/invoice/preview/${payment.referenceId}`} className="btn">
              {t("order.invoice")}
            </Link>
          )}
          {payment.invoiceNumber !== null && (
            <button type="button" className="btn" disabled={resending} onClick={() => void resend()}>
              {t("order.resend")}
            </button>
          )}
          {REFUNDABLE.includes(payment.status) && (
            <button type="button" className="btn btn-error btn-outline" onClick={() => setRefunding(true)}>
              {t("order.refund")}
            </button>
          )}
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid grid-cols-1 gap-6">
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-3">
              <h2 className="card-title text-base">{t("order.lines")}</h2>
              <ul className="divide-y divide-base-300">
                {payment.lines.map((line, i) => (
                  <li key={i} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0 break-words">
                      {formatLineName(line)} <span className="text-base-content/70">× {line.qty}</span>
                    </span>
                    <span>{money(line.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                <dt>{t("orders.amount")}</dt>
                <dd className="text-end font-semibold">{money(payment.amount)}</dd>
                {payment.refundedAmount > 0 && (
                  <>
                    <dt>{t("order.refundedTotal")}</dt>
                    <dd className="text-end text-error">{money(-payment.refundedAmount)}</dd>
                  </>
                )}
                <dt>{t("orders.method")}</dt>
                <dd className="text-end">{t(`method.${payment.method}`)}</dd>
              </dl>
            </div>
          </section>
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-3">
              <h2 className="card-title text-base">{t("order.creditNotes")}</h2>
              {credits.error && !credits.data ? (
                <ErrorState onRetry={() => void credits.mutate()} />
              ) : !credits.data ? (
                <Loading />
              ) : credits.data.data.length === 0 ? (
                <p className="text-sm text-base-content/70">{t("order.noCreditNotes")}</p>
              ) : (
                <ul className="divide-y divide-base-300">
                  {credits.data.data.map((note) => (
                    <li key={note.refundId} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0 break-words">
                        {note.creditNoteNumber !== null
                          ? t("order.creditNoteNumber", { number: note.creditNoteNumber })
                          : t(`order.refundStatus.${note.status}`)}{" "}
                        · {note.reason}
                      </span>
                      <span className="text-error">{money(-note.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-1">
              <h2 className="card-title text-base">{t("order.customer")}</h2>
              <Link href={`/apps/ecommerce/customer/details/${payment.userId}`} className="link font-medium break-words">
                {payment.userName}
              </Link>
              <p className="text-sm break-all text-base-content/70">{payment.userEmail}</p>
            </div>
          </section>
          <OrderTimeline referenceId={payment.referenceId} version={version} />
        </div>
      </div>
      {refunding && <RefundOrderDialog order={payment} onClose={() => setRefunding(false)} onRefunded={refunded} />}
    </section>
  );
}
