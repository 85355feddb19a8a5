import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import { DataTable, type Column } from "../../../components/DataTable";
import { formatDate, formatMoney } from "../../../lib/format";
import { useList } from "../../../lib/useList";
import { SEARCH_PAYMENT, SEARCH_SUBSCRIPTION, type Payment, type Subscription } from "../api/billing";

const OPEN = new Set(["pending", "awaiting_confirmation"]);

function usePaged(limit: number) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(limit);
  return { page, limit: size, onPage: setPage, onLimit: (n: number) => (setSize(n), setPage(1)) };
}

/** The client's own plan, subscriptions, payments and invoices (/pages/account-settings/billing). */
export default function BillingTabPage() {
  const { t } = useTranslation("billing");
  const { userData } = useSession();
  const subsPaging = usePaged(5);
  const payPaging = usePaged(10);
  const subs = useList(SEARCH_SUBSCRIPTION, { page: subsPaging.page, limit: subsPaging.limit });
  // Always the caller's own rows, admins included (they read everyone's on the invoice list).
  const payments = useList(userData ? SEARCH_PAYMENT : null, {
    userId: userData?.userId,
    page: payPaging.page,
    limit: payPaging.limit,
  });

  const subColumns: Column<Subscription>[] = [
    { key: "itemName", header: t("colPlan"), render: (s) => <span className="font-medium">{s.itemName}</span> },
    { key: "startsAt", header: t("colStarts"), render: (s) => formatDate(s.startsAt) },
    { key: "endsAt", header: t("colEnds"), render: (s) => formatDate(s.endsAt) },
    {
      key: "active",
      header: t("colStatus"),
      render: (s) => (
        <span className={`badge ${s.active ? "badge-success" : "badge-ghost"}`}>{s.active ? t("active") : t("ended")}</span>
      ),
    },
  ];

  const payColumns: Column<Payment>[] = [
    { key: "createdAt", header: t("colDate"), render: (p) => formatDate(p.createdAt) },
    { key: "lines", header: t("colItems"), render: (p) => p.lines.map((l) => `${l.qty} × ${l.name}`).join(", ") },
    { key: "amount", header: t("colAmount"), className: "text-end", render: (p) => formatMoney(p.amount, p.currency) },
    { key: "status", header: t("colStatus"), render: (p) => <span className="badge badge-soft">{t(`status.${p.status}`)}</span> },
    {
      key: "invoice",
      header: t("colInvoice"),
      className: "text-end",
      render: (p) =>
        p.invoiceNumber !== null ? (
          <Link href={`/apps/invoice/preview/${p.referenceId}`} className="link">
            #{p.invoiceNumber}
          </Link>
        ) : OPEN.has(p.status) ? (
          <Link href={`/payment/${p.referenceId}`} className="btn btn-primary btn-xs">
            {t("payNow")}
          </Link>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <AccountSettingsTabs current="billing" />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body flex-row flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="card-title">{t("currentPlan")}</h1>
            <p className="text-lg">{userData?.userPlan ?? t("noPlan")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link href="/portal/item" className="btn btn-primary btn-sm">
              {t("upgrade")}
            </Link>
            <Link href="/portal/quota" className="btn btn-ghost btn-sm">
              {t("quota")}
            </Link>
          </div>
        </div>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <h2 className="p-4 pb-0 text-lg font-semibold">{t("subscriptions")}</h2>
        <DataTable
          caption={t("subscriptions")}
          columns={subColumns}
          rows={subs.data?.data}
          rowKey={(s) => s.subscriptionId}
          total={subs.data?.total ?? 0}
          {...subsPaging}
          loading={subs.isValidating}
          error={subs.error}
          onRetry={() => void subs.mutate()}
          emptyText={t("noSubscriptions")}
        />
      </div>
      <div className="card bg-base-100 shadow-sm">
        <h2 className="p-4 pb-0 text-lg font-semibold">{t("payments")}</h2>
        <DataTable
          caption={t("payments")}
          columns={payColumns}
          rows={payments.data?.data}
          rowKey={(p) => p.referenceId}
          total={payments.data?.total ?? 0}
          {...payPaging}
          loading={payments.isValidating}
          error={payments.error}
          onRetry={() => void payments.mutate()}
          emptyText={t("noPayments")}
        />
      </div>
    </section>
  );
}
