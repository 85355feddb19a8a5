import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { useSession } from "../../../providers/session";
import { AccountSettingsTabs } from "../../../components/AccountSettingsTabs";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate, formatLineName, formatMoney, formatNumber } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import {
  downloadCreditNotePdf,
  downloadInvoicePdf,
  SEARCH_CREDIT_NOTE,
  SEARCH_PAYMENT,
  SEARCH_SUBSCRIPTION,
  updateAutoRenew,
  type CreditNote,
  type Payment,
  type Subscription,
} from "../api";
import { BillingDetailsCard } from "../components/BillingDetailsCard";
import { SavedCardsCard } from "../components/SavedCardsCard";

const OPEN = new Set(["pending", "awaiting_confirmation"]);

/** The client's own plan, subscriptions, payments and invoices (/pages/account-settings/billing). */
export default function BillingTabPage() {
  const { t } = useTranslation("billing");
  const { userData } = useSession();
  // Two lists on one tab: their paging stays in the page rather than the URL.
  const snackbar = useSnackbar();
  // Back from Stripe's setup page: the card shows once Stripe's event arrived.
  const cardSaved = new URLSearchParams(useSearch()).get("card") === "saved";
  const subs = useListController({ call: SEARCH_SUBSCRIPTION, defaults: { limit: 5 }, inUrl: false });
  const notes = useListController({ call: SEARCH_CREDIT_NOTE, defaults: { limit: 5 }, inUrl: false });

  async function pdf(save: () => Promise<void>) {
    try {
      await save();
    } catch (error) {
      snackbar.error(t("pdfFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }
  const payments = useListController({
    call: userData ? SEARCH_PAYMENT : null,
    defaults: { limit: 10 },
    inUrl: false,
    // Always the caller's own rows, admins included (they read everyone's on the invoice list).
    body: ({ page, limit }) => ({ userId: userData?.userId, page, limit }),
  });

  async function autoRenew(s: Subscription, on: boolean) {
    try {
      snackbar.success((await updateAutoRenew(s.subscriptionId, on)).message);
      await subs.reload();
    } catch (error) {
      snackbar.error(t("cardFailed") + (error instanceof ApiError ? error.message : t("saveFailedDefault")));
    }
  }

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
    {
      key: "autoRenew",
      header: t("colAutoRenew"),
      render: (s) =>
        s.active ? (
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={s.autoRenew}
            aria-label={`${t("colAutoRenew")}: ${s.itemName}`}
            onChange={(event) => void autoRenew(s, event.target.checked)}
          />
        ) : (
          "—"
        ),
    },
  ];

  const payColumns: Column<Payment>[] = [
    { key: "createdAt", header: t("colDate"), render: (p) => formatDate(p.createdAt) },
    {
      key: "lines",
      header: t("colItems"),
      render: (p) => p.lines.map((l) => `${formatNumber(l.qty)} × ${formatLineName(l)}`).join(", "),
    },
    { key: "amount", header: t("colAmount"), className: "text-end", render: (p) => formatMoney(p.amount, p.currency) },
    { key: "status", header: t("colStatus"), render: (p) => <span className="badge badge-soft">{t(`status.${p.status}`)}</span> },
    {
      key: "invoice",
      header: t("colInvoice"),
      className: "text-end",
      render: (p) =>
        p.invoiceNumber !== null ? (
          <span className="inline-flex items-center gap-2">
            <Link href={`/apps/invoice/preview/${p.referenceId}`} className="link">
              #{p.invoiceNumber}
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-label={`${t("downloadPdf")} #${p.invoiceNumber}`}
              onClick={() => void pdf(() => downloadInvoicePdf(p.referenceId, p.invoiceNumber!))}
            >
              {t("downloadPdf")}
            </button>
          </span>
        ) : OPEN.has(p.status) ? (
          <Link href={`/payment/${p.referenceId}`} className="btn btn-primary btn-xs">
            {t("payNow")}
          </Link>
        ) : (
          "—"
        ),
    },
  ];

  const noteColumns: Column<CreditNote>[] = [
    {
      key: "number",
      header: t("colCreditNote"),
      render: (n) => (n.creditNoteNumber !== null ? `CN-${n.creditNoteNumber}` : "—"),
    },
    { key: "date", header: t("colDate"), render: (n) => formatDate(n.settledAt ?? n.createdAt) },
    { key: "invoice", header: t("colInvoice"), render: (n) => (n.invoiceNumber !== null ? `#${n.invoiceNumber}` : "—") },
    { key: "reason", header: t("colReason"), render: (n) => <span dir="auto">{n.reason}</span> },
    { key: "amount", header: t("colAmount"), className: "text-end", render: (n) => formatMoney(n.amount, n.currency) },
    {
      key: "pdf",
      header: t("downloadPdf"),
      className: "text-end",
      render: (n) =>
        n.creditNoteNumber !== null ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label={`${t("downloadPdf")} CN-${n.creditNoteNumber}`}
            onClick={() => void pdf(() => downloadCreditNotePdf(n.creditNoteNumber!))}
          >
            {t("downloadPdf")}
          </button>
        ) : null,
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
      <ListCard
        heading={t("subscriptions")}
        list={subs}
        caption={t("subscriptions")}
        columns={subColumns}
        rowKey={(s) => s.subscriptionId}
        emptyText={t("noSubscriptions")}
      />
      {cardSaved && (
        <p role="status" className="alert alert-info">
          {t("cardSavedNotice")}
        </p>
      )}
      <SavedCardsCard />
      <ListCard
        heading={t("payments")}
        list={payments}
        caption={t("payments")}
        columns={payColumns}
        rowKey={(p) => p.referenceId}
        emptyText={t("noPayments")}
      />
      <ListCard
        heading={t("creditNotes")}
        list={notes}
        caption={t("creditNotes")}
        columns={noteColumns}
        rowKey={(n) => n.refundId}
        emptyText={t("noCreditNotes")}
      />
      <BillingDetailsCard />
    </section>
  );
}
