import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { formatDate, formatMoney } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { exportPayments, SEARCH_PAYMENT } from "../api/payments";
import { PaymentActions } from "../components/PaymentActions";
import { StatusBadge } from "../components/StatusBadge";
import { STATUSES, type Payment } from "../types";

/** Payments and their invoices: admins see everyone's (confirm, cancel, export); clients their own. */
export default function InvoiceListPage() {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const { ability } = useSession();
  // userId (admins): one client's payments, as linked from the user view.
  const [params, update] = useListParams({ limit: 10, search: "", status: "", userId: 0 });
  const filters = {
    search: params.search,
    status: STATUSES.find((status) => status === params.status),
    userId: params.userId || undefined,
  };
  const list = useList(SEARCH_PAYMENT, { ...filters, page: params.page, limit: params.limit });
  const [exporting, setExporting] = useState(false);
  const isAdmin = ability.can("update", "Payment");

  async function exportCsv() {
    setExporting(true);
    try {
      await exportPayments(filters);
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
                <div className="font-medium">{p.userName}</div>
                <div className="truncate text-sm text-base-content/70">{p.userEmail}</div>
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
      render: (p) => <PaymentActions payment={p} onChanged={() => void list.mutate()} compact />,
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
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
      </PageHeader>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{
            value: params.search,
            onSearch: (search) => update({ search }),
            placeholder: isAdmin ? t("searchAdmin") : t("searchOwn"),
            label: t("search"),
          }}
          filters={[
            {
              label: t("filterStatus"),
              anyLabel: t("anyStatus"),
              value: params.status,
              onChange: (status) => update({ status }),
              options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(p) => p.referenceId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
    </section>
  );
}
