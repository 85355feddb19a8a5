import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { CellText } from "../../../components/CellText";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { Thumbnail } from "../../../components/Thumbnail";
import { useListController } from "../../../hooks/useListController";
import { formatCount, formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { useAppSettings } from "../../../providers/settings";
import { CUSTOMER_LIST, type Customer } from "../api";

/** Clients with what they brought: lifetime value net of refunds, balance, subscriptions, last order. */
export default function CustomerListPage() {
  const { t } = useTranslation("store");
  const { currency } = useAppSettings();
  const list = useListController({ call: "search-customer", defaults: CUSTOMER_LIST });
  const activeOptions = useActiveOptions();

  const columns: Column<Customer>[] = [
    {
      key: "customer",
      header: t("customers.customer"),
      render: (c) => (
        <Link href={`/apps/ecommerce/customer/details/${c.userId}`} className="flex min-w-0 items-center gap-3">
          <Thumbnail src={c.userImage} name={c.userName} className="h-9 w-9 rounded-full" />
          <div className="min-w-0">
            <CellText text={c.userName} className="font-medium link-hover" />
            <CellText text={c.userEmail} className="text-xs text-base-content/70" />
          </div>
        </Link>
      ),
    },
    { key: "orders", header: t("customers.orders"), className: "text-end", render: (c) => formatNumber(c.orders) },
    {
      key: "lifetimeValue",
      header: t("customers.lifetimeValue"),
      className: "text-end",
      render: (c) => formatMoney(c.lifetimeValue, currency),
    },
    { key: "balance", header: t("customers.balance"), className: "text-end", render: (c) => formatCount("points", c.balance) },
    {
      key: "subscriptions",
      header: t("customers.activeSubscriptions"),
      className: "text-end",
      render: (c) => formatNumber(c.activeSubscriptions),
    },
    {
      key: "lastOrder",
      header: t("customers.lastOrder"),
      render: (c) => (c.lastOrderAt ? formatDate(c.lastOrderAt) : t("customers.never")),
    },
    { key: "status", header: t("products.status"), render: (c) => <ActiveBadge active={c.userIsActive} /> },
  ];

  return (
    <ListPage
      title={t("customers.title")}
      subtitle={t("customers.subtitle")}
      list={list}
      search={{ placeholder: t("customers.search") }}
      filters={[
        { label: t("products.status"), anyLabel: t("products.anyStatus"), ...list.filter("status"), options: activeOptions },
      ]}
      caption={t("customers.title")}
      columns={columns}
      rowKey={(c) => c.userId}
      emptyText={list.search ? t("noMatch") : t("customers.empty")}
    />
  );
}
