import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate, formatMoney } from "../../../lib/format";
import { exportPayments, SEARCH_PAYMENT } from "../api";
import { AttentionPanel } from "../components/AttentionPanel";
import { PaymentActions } from "../components/PaymentActions";
import { StatusBadge } from "../components/StatusBadge";
import { STATUSES, type Payment } from "../types";
import { CellText } from "../../../components/CellText";

/** The call's filters: empty ones, and a status the contract does not know, are left out. */
const filtersOf = (params: { search: string; status: string; userId: number }) => ({
  search: params.search,
  status: STATUSES.find((status) => status === params.status),
  userId: params.userId || undefined,
});

/** Payments and their invoices: admins see everyone's (confirm, cancel, export); clients their own. */
export default function InvoiceListPage() {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const { ability } = useSession();
  const list = useListController({
    call: SEARCH_PAYMENT,
    // userId (admins): one client's payments, as linked from the user view.
    defaults: { limit: 10, search: "", status: "", userId: 0 },
    body: ({ page, limit, ...params }) => ({ ...filtersOf(params), page, limit }),
  });
  const [exporting, setExporting] = useState(false);
  const isAdmin = ability.can("update", "Payment");
  const seesAttention = isAdmin && ability.can("read", "Audit");
  // Bumped when the list reloads after a change, so the panel above it reads again too.
  const [version, setVersion] = useState(0);
  const reload = () => {
    setVersion((v) => v + 1);
    void list.reload();
  };

  async function exportCsv() {
    setExporting(true);
    try {
      await exportPayments(filtersOf(list.params));
    } catch (error) {
      snackbar.error(t("exportFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<Payment>[] = [
    {
      key: "invoiceNumber",
      header: t("colInvoice"),
      render: (p) => (
        <Link href={`/apps/invoice/preview/${p.referenceId}`} className="link font-medium">
          {p.invoiceNumber !== null ? `#${p.invoiceNumber}` : t("noNumber")}
        </Link>
      ),
    },
    ...(isAdmin
      ? [
          {
            key: "user",
            header: t("colClient"),
            render: (p: Payment) => (
              <div className="min-w-0">
                <CellText text={p.userName} className="font-medium" />
                <CellText text={p.userEmail} className="text-sm text-base-content/70" />
              </div>
            ),
          },
        ]
      : []),
    { key: "createdAt", header: t("colDate"), render: (p) => formatDate(p.createdAt) },
    { key: "amount", header: t("colAmount"), className: "text-end", render: (p) => formatMoney(p.amount, p.currency) },
    { key: "status", header: t("colStatus"), render: (p) => <StatusBadge status={p.status} /> },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (p) => <PaymentActions payment={p} onChanged={reload} compact />,
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("exportCsv")}
          </button>
          {isAdmin && (
            <Link href="/apps/invoice/add" className="btn btn-primary">
              {t("addPayment")}
            </Link>
          )}
        </div>
      }
      intro={seesAttention ? <AttentionPanel version={version} onChanged={() => void list.reload()} /> : undefined}
      list={list}
      search={{ placeholder: isAdmin ? t("searchAdmin") : t("searchOwn"), label: t("search") }}
      filters={[
        {
          label: t("filterStatus"),
          anyLabel: t("anyStatus"),
          ...list.filter("status"),
          options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(p) => p.referenceId}
      emptyText={t("empty")}
    />
  );
}
