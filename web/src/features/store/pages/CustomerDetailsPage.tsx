import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { ErrorState, Loading } from "../../../components/PageStates";
import { Thumbnail } from "../../../components/Thumbnail";
import { useListController } from "../../../hooks/useListController";
import { formatCount, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { useAppSettings } from "../../../providers/settings";
import { customerOf, type Order } from "../api";
import { OrderStatusBadge } from "../components/badges";

/** One customer: what they brought, their orders, and a link to their account. */
export default function CustomerDetailsPage() {
  const { t } = useTranslation("store");
  const { currency } = useAppSettings();
  const { id = "" } = useParams<{ id: string }>();
  const userId = /^\d+$/.test(id) ? Number(id) : 0;
  const customer = useSWR(userId ? ["search-customer", userId] : null, () => customerOf(userId));
  const orders = useListController({
    call: userId ? "search-payment" : null,
    defaults: { limit: 10, search: "" },
    body: (params) => ({ ...params, userId }),
    inUrl: false,
  });

  const row = customer.data?.data[0];
  if (!userId || (customer.data && !row)) {
    return (
      <div className="card bg-base-100 p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{t("customer.notFound")}</h1>
        <Link href="/apps/ecommerce/customer/list" className="link">
          {t("customer.back")}
        </Link>
      </div>
    );
  }
  if (customer.error && !customer.data) return <ErrorState onRetry={() => void customer.mutate()} />;
  if (!row) return <Loading />;

  const figures = [
    { label: t("customers.lifetimeValue"), value: formatMoney(row.lifetimeValue, currency) },
    { label: t("customers.orders"), value: formatNumber(row.orders) },
    { label: t("customers.balance"), value: formatCount("points", row.balance) },
    { label: t("customers.activeSubscriptions"), value: formatNumber(row.activeSubscriptions) },
  ];
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
    { key: "date", header: t("orders.date"), render: (o) => formatDate(o.createdAt) },
    { key: "status", header: t("orders.status"), render: (o) => <OrderStatusBadge status={o.status} /> },
    { key: "amount", header: t("orders.amount"), className: "text-end", render: (o) => formatMoney(o.amount, o.currency) },
  ];

  return (
    <section className="grid grid-cols-1 gap-6">
      <p className="text-sm">
        <Link href="/apps/ecommerce/customer/list" className="link">
          {t("customer.back")}
        </Link>
      </p>
      <header className="card bg-base-100 shadow-sm">
        <div className="card-body flex-row flex-wrap items-center gap-4">
          <Thumbnail src={row.userImage} name={row.userName} className="h-16 w-16 rounded-full" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold break-words">{row.userName}</h1>
            <p className="text-sm break-all text-base-content/70">{row.userEmail}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <ActiveBadge active={row.userIsActive} />
              <span>{t("customer.since", { date: formatDate(row.createdAt) })}</span>
              <span>
                {t("customers.lastOrder")}: {row.lastOrderAt ? formatDate(row.lastOrderAt) : t("customers.never")}
              </span>
            </p>
          </div>
          <Link href={`/apps/user/view/${row.userId}`} className="btn">
            {t("customer.viewUser")}
          </Link>
        </div>
      </header>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="card bg-base-100 p-4 shadow-sm">
            <dt className="text-sm text-base-content/70">{figure.label}</dt>
            <dd className="text-xl font-semibold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <ListCard
        heading={t("customer.orders")}
        list={orders}
        caption={t("customer.orders")}
        columns={columns}
        rowKey={(o) => o.referenceId}
        emptyText={t("customer.noOrders")}
      />
    </section>
  );
}
