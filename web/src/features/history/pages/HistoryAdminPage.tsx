import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { searchSiteOptions, searchVendorOptions } from "../api";
import { HISTORY_ADMIN_LIST, refreshWhileOpen, SEARCH_HISTORY } from "../api";
import { useHistoryColumns } from "../components/useHistoryColumns";
import { useStatusFilter } from "../components/useStatusFilter";

const logFailure = { onError: () => console.error("Network response was not ok"), shouldRetryOnError: false };

/** /portal/history: every user's jobs, filtered by site (the "vendor"), vendor account and status. */
export default function HistoryAdminPage() {
  const { t } = useTranslation("history");
  const list = useListController({
    call: SEARCH_HISTORY,
    defaults: HISTORY_ADMIN_LIST,
    swr: { refreshInterval: refreshWhileOpen },
  });
  const jobs = useHistoryColumns({ admin: true, reload: list.reload });
  const status = useStatusFilter(list.params.status, (value) => list.update({ status: value }));
  const sites = useSWR("history-site-options", searchSiteOptions, logFailure);
  const siteId = Number(list.params.selectedVendor) || 0;
  const vendors = useSWR(siteId ? ["history-vendor-options", siteId] : null, () => searchVendorOptions(siteId), logFailure);

  return (
    <ListPage
      title={t("titleAdmin")}
      subtitle={t("subtitleAdmin")}
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        {
          label: t("filterSite"),
          anyLabel: t("anySite"),
          value: list.params.selectedVendor,
          onChange: (selectedVendor) => list.update({ selectedVendor, vendorId: "" }),
          options: (sites.data?.data ?? []).map((s) => ({ value: String(s.siteId), label: s.siteName })),
        },
        {
          label: t("filterVendor"),
          anyLabel: t("anyVendor"),
          ...list.filter("vendorId"),
          disabled: !siteId,
          options: (vendors.data?.data ?? []).map((v) => ({ value: String(v.vendorId), label: v.vendorName })),
        },
        status,
      ]}
      caption={t("titleAdmin")}
      columns={jobs.columns}
      rowKey={(h) => h.historyId}
      emptyText={t("emptyAdmin")}
    >
      {jobs.dialog}
    </ListPage>
  );
}
