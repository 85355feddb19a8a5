import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { Pager } from "../../../components/Pager";
import { ErrorState, Loading } from "../../../components/PageStates";
import { RowActions } from "../../../components/RowActions";
import { useSnackbar } from "../../../components/Snackbar";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatNumber } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { deleteSite } from "../api/deleteSite";
import { SEARCH_SITE, SITE_LIST } from "../api/searchSite";
import { SiteCards } from "../components/SiteCards";
import { SiteDialog } from "../components/SiteDialog";
import type { Site } from "../types";

/** Admins: the table of sites with add, edit and delete. Clients: cards of the sites they can use. */
export default function SitePage() {
  const { t } = useTranslation("sites");
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const canManage = ability.can("manage", "Site");
  const [params, update] = useListParams(SITE_LIST);
  const list = useList<Site>(SEARCH_SITE, params);
  const [dialog, setDialog] = useState<{ site: Site | null } | null>(null);

  const remove = useDeleteWithConfirm<Site>({
    ask: (site) => ({ title: t("deleteTitle", { name: site.siteName }), text: t("deleteText") }),
    call: (site) => deleteSite(site.siteId),
    onDeleted: () => list.mutate(),
    failedPrefix: t("deleteFailed"),
    failedDefault: t("deleteFailedDefault"),
  });

  const columns: Column<Site>[] = [
    {
      key: "site",
      header: t("siteName"),
      render: (site) => (
        <div className="flex items-center gap-3">
          <div className="h-10 w-10 shrink-0 overflow-hidden rounded-box bg-base-200">
            {site.siteImage && <img src={site.siteImage} alt="" className="h-full w-full object-cover" loading="lazy" />}
          </div>
          <div className="min-w-0">
            <div className="font-medium">{site.siteName}</div>
            <div className="line-clamp-1 text-xs text-base-content/70">{site.siteDesc}</div>
          </div>
        </div>
      ),
    },
    {
      key: "sitePrice",
      header: t("colPrice"),
      className: "text-end",
      render: (site) => t("pricePoints", { points: formatNumber(site.sitePrice) }),
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
      render: (site) => <RowActions onEdit={() => setDialog({ site })} onDelete={() => void remove(site)} />,
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={canManage ? t("subtitleAdmin") : t("subtitle")}>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ site: null })}>
            {t("addSite")}
          </button>
        )}
      </PageHeader>
      <ListToolbar
        layout="plain"
        search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
        filters={
          canManage
            ? [
                {
                  label: t("common:status"),
                  anyLabel: t("anyStatus"),
                  value: params.selectedStatus,
                  onChange: (selectedStatus) => update({ selectedStatus }),
                  options: [
                    { value: "active", label: t("inUse") },
                    { value: "inactive", label: t("notInUse") },
                  ],
                },
              ]
            : []
        }
      />
      {canManage ? (
        <div className="card bg-base-100 shadow-sm">
          <DataTable
            caption={t("title")}
            columns={columns}
            rowKey={(site) => site.siteId}
            {...listTableProps(list, params, update)}
            emptyText={t("empty")}
          />
        </div>
      ) : list.error && !list.data ? (
        <ErrorState onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <SiteCards sites={list.data.data} dimmed={list.isValidating} />
          <Pager page={params.page} total={list.data.total} limit={params.limit} onPage={(page) => update({ page })} />
        </>
      )}
      {dialog && (
        <SiteDialog
          site={dialog.site}
          onClose={() => setDialog(null)}
          onError={(text) => snackbar.error(text)}
          onSaved={(message) => {
            snackbar.success(message);
            setDialog(null);
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
