import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { CellText } from "../../../components/CellText";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { Thumbnail } from "../../../components/Thumbnail";
import { useListController } from "../../../hooks/useListController";
import { formatCount, formatMoney } from "../../../lib/format";
import { useAppSettings } from "../../../providers/settings";
import { PRODUCT_LIST, type Product } from "../api";
import { KindBadge } from "../components/badges";

const SORTS = ["newest", "name", "price_asc", "price_desc"] as const;

/** What a product is called: its name, or a bundle's points when it has none. */
export function useProductName() {
  const { t } = useTranslation("store");
  return (product: { name: string; points: number | null }) =>
    product.name || (product.points !== null ? t("pointsPack", { points: formatCount("points", product.points) }) : t("unnamed"));
}

/** Items and bundles in one table: search, kind, status, sort, ten a page. */
export default function ProductListPage() {
  const { t } = useTranslation("store");
  const { currency } = useAppSettings();
  const nameOf = useProductName();
  const list = useListController({ call: "search-product", defaults: PRODUCT_LIST });
  const activeOptions = useActiveOptions();

  const columns: Column<Product>[] = [
    {
      key: "product",
      header: t("products.product"),
      render: (p) => (
        <div className="flex min-w-0 items-center gap-3">
          <Thumbnail src={p.image} name={nameOf(p)} className="h-10 w-10 rounded-box" />
          <div className="min-w-0">
            <CellText text={nameOf(p)} className="font-medium" />
            {p.description && <CellText text={p.description} className="text-xs text-base-content/70" />}
          </div>
        </div>
      ),
    },
    { key: "kind", header: t("products.kind"), render: (p) => <KindBadge kind={p.kind} /> },
    {
      key: "size",
      header: t("products.size"),
      render: (p) => (p.duration !== null ? formatCount("days", p.duration) : formatCount("points", p.points ?? 0)),
    },
    { key: "price", header: t("products.price"), className: "text-end", render: (p) => formatMoney(p.price, currency) },
    { key: "status", header: t("products.status"), render: (p) => <ActiveBadge active={p.isActive} /> },
  ];

  return (
    <ListPage
      title={t("products.title")}
      subtitle={t("products.subtitle")}
      actions={
        <Link href="/apps/ecommerce/product/add" className="btn btn-primary">
          {t("products.add")}
        </Link>
      }
      list={list}
      search={{ placeholder: t("products.search") }}
      filters={[
        {
          label: t("products.kind"),
          anyLabel: t("products.anyKind"),
          ...list.filter("kind"),
          options: [
            { value: "item", label: t("kind.item") },
            { value: "bundle", label: t("kind.bundle") },
          ],
        },
        { label: t("products.status"), anyLabel: t("products.anyStatus"), ...list.filter("status"), options: activeOptions },
        {
          label: t("products.sort"),
          value: list.params.sort,
          onChange: (sort) => list.update({ sort }),
          options: SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) })),
        },
      ]}
      caption={t("products.title")}
      columns={columns}
      rowKey={(p) => `${p.kind}-${p.id}`}
      emptyText={list.search ? t("noMatch") : t("products.empty")}
    />
  );
}
