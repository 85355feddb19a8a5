import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { RowActions } from "../../../components/RowActions";
import { useListController } from "../../../hooks/useListController";
import { Thumbnail } from "../../../components/Thumbnail";
import { formatCount } from "../../../lib/format";
import { deleteSite } from "../api";
import { SEARCH_SITE, SITE_LIST } from "../api";
import { SiteCard } from "../components/SiteCard";
import { SiteDialog } from "../components/SiteDialog";
import type { Site } from "../types";
import { CellText } from "../../../components/CellText";

/** Admins: the table of sites with add, edit and delete. Clients: cards of the sites they can use. */
export default function SitePage() {
  const { t } = useTranslation("sites");
  const { ability } = useSession();
  const canManage = ability.can("manage", "Site");
  const list = useListController({
    call: SEARCH_SITE,
    defaults: SITE_LIST,
    remove: {
      ask: (site) => ({ title: t("deleteTitle", { name: site.siteName }), text: t("deleteText") }),
      call: (site) => deleteSite(site.siteId),
      failedPrefix: t("deleteFailed"),
      failedDefault: t("deleteFailedDefault"),
    },
  });

  const columns: Column<Site>[] = [
    {
      key: "site",
      header: t("siteName"),
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
      key: "sitePrice",
      header: t("colPrice"),
      className: "text-end",
      render: (site) => formatCount("points", site.sitePrice),
    },
    {
      key: "siteIsUse",
      header: t("common:status"),
      render: (site) => <ActiveBadge active={site.siteIsUse} activeText={t("inUse")} inactiveText={t("notInUse")} />,
    },
    {
      key: "actions",
      header: t("common:actions"),
      className: "text-end",
      render: (site) => <RowActions onEdit={() => list.edit(site)} onDelete={() => void list.remove(site)} />,
    },
  ];

  const page = {
    title: t("title"),
    subtitle: canManage ? t("subtitleAdmin") : t("subtitle"),
    list,
    search: { placeholder: t("searchPlaceholder") },
    rowKey: (site: Site) => site.siteId,
  };
  if (!canManage)
    return <ListPage {...page} card={(site) => <SiteCard site={site} />} cardTestId="site-card" emptyText={t("emptyClient")} />;
  return (
    <ListPage
      {...page}
      actions={
        <button type="button" className="btn btn-primary" onClick={list.create}>
          {t("addSite")}
        </button>
      }
      filters={[
        {
          label: t("common:status"),
          anyLabel: t("anyStatus"),
          ...list.filter("selectedStatus"),
          options: [
            { value: "active", label: t("inUse") },
            { value: "inactive", label: t("notInUse") },
          ],
        },
      ]}
      caption={t("title")}
      columns={columns}
      emptyText={t("empty")}
    >
      {list.editing && <SiteDialog site={list.editing.row} onClose={list.closeEdit} onSaved={list.saved} />}
    </ListPage>
  );
}
