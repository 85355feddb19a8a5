import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { CellText } from "../../../components/CellText";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate, formatMoney } from "../../../lib/format";
import { ORDER_LIST, type Order } from "../api";
import { OrderStatusBadge } from "../components/badges";

export const ORDER_STATUSES = [
  "pending",
  "awaiting_confirmation",
  "paid",
  "partially_refunded",
  "refunded",
  "cancelled",
  "expired",
] as const;

/** Orders are payments: newest first, by reference or buyer, by status. */
export default function OrderListPage() {
  const { t } = useTranslation("store");
  const list = useListController({
    call: "search-payment",
    defaults: ORDER_LIST,
    // "Any status" is no status: a status the contract does not know is left out, not sent.
    body: ({ status, ...params }) => ({ ...params, status: ORDER_STATUSES.find((known) => known === status) }),
  });

  const columns: Column<Order>[] = [
    {
      key: "order",
      header: t("orders.order"),
      render: (o) => (
        <Link href={`/apps/ecommerce/order/details/${o.referenceId}`} className="link link-primary font-mono text-xs break-all">
          {o.invoiceNumber !== null ? t("orders.invoiceNumber", { number: o.invoiceNumber }) : o.referenceId.slice(0, 10)}
        </Link>
      ),
    },
    {
      key: "customer",
      header: t("orders.customer"),
      render: (o) => (
        <div className="min-w-0">
          <CellText text={o.userName} className="font-medium" />
          <CellText text={o.userEmail} className="text-xs text-base-content/70" />
        </div>
      ),
    },
    { key: "date", header: t("orders.date"), render: (o) => formatDate(o.createdAt) },
    { key: "status", header: t("orders.status"), render: (o) => <OrderStatusBadge status={o.status} /> },
    { key: "method", header: t("orders.method"), render: (o) => t(`method.${o.method}`) },
    {
      key: "amount",
      header: t("orders.amount"),
      className: "text-end",
      render: (o) => (
        <div>
          <div>{formatMoney(o.amount, o.currency)}</div>
          {o.refundedAmount > 0 && (
            <div className="text-xs text-error">
              {t("orders.refunded", { amount: formatMoney(o.refundedAmount, o.currency) })}
            </div>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={t("orders.title")}
      subtitle={t("orders.subtitle")}
      list={list}
      search={{ placeholder: t("orders.search") }}
      filters={[
        {
          label: t("orders.status"),
          anyLabel: t("products.anyStatus"),
          ...list.filter("status"),
          options: ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
      ]}
      caption={t("orders.title")}
      columns={columns}
      rowKey={(o) => o.referenceId}
      emptyText={list.search ? t("noMatch") : t("orders.empty")}
    />
  );
}
