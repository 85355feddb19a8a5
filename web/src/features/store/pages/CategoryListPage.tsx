import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { CellText } from "../../../components/CellText";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { Thumbnail } from "../../../components/Thumbnail";
import { useListController } from "../../../hooks/useListController";
import { formatCount } from "../../../lib/format";
import type { ListRow } from "../../../lib/api";
import { CATEGORY_LIST } from "../api";

type Site = ListRow<"searchsite">;

/** The store's categories are the sites clients spend points on: each with its price per use and status. */
export default function CategoryListPage() {
  const { t } = useTranslation("store");
  const list = useListController({ call: "searchsite", defaults: CATEGORY_LIST });

  const columns: Column<Site>[] = [
    {
      key: "site",
      header: t("categories.category"),
      render: (site) => (
        <div className="flex min-w-0 items-center gap-3">
          <Thumbnail src={site.siteImage} name={site.siteName} className="h-10 w-10 rounded-box" />
          <div className="min-w-0">
            <CellText text={site.siteName} className="font-medium" />
            <CellText text={site.siteDesc} className="text-xs text-base-content/70" />
          </div>
        </div>
      ),
    },
    {
      key: "price",
      header: t("categories.pricePerUse"),
      className: "text-end",
      render: (site) => formatCount("points", site.sitePrice),
    },
    {
      key: "status",
      header: t("products.status"),
      render: (site) => (
        <ActiveBadge active={site.siteIsUse} activeText={t("categories.inUse")} inactiveText={t("categories.notInUse")} />
      ),
    },
  ];

  return (
    <ListPage
      title={t("categories.title")}
      subtitle={t("categories.subtitle")}
      actions={
        <Link href="/portal/site" className="btn">
          {t("categories.manage")}
        </Link>
      }
      list={list}
      search={{ placeholder: t("categories.search") }}
      caption={t("categories.title")}
      columns={columns}
      rowKey={(site) => site.siteId}
      emptyText={list.search ? t("noMatch") : t("categories.empty")}
    />
  );
}
