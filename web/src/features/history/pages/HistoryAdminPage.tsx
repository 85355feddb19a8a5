import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { ListToolbar } from "../../../components/ListToolbar";
import { useListParams } from "../../../lib/useList";
import { searchSiteOptions, searchVendorOptions } from "../api/filterOptions";
import { HISTORY_ADMIN_LIST } from "../api/historyList";
import { useHistoryList } from "../api/searchHistory";
import { HistoryTable } from "../components/HistoryTable";
import { useStatusFilter } from "../components/useStatusFilter";

const logFailure = { onError: () => console.error("Network response was not ok"), shouldRetryOnError: false };

/** /portal/history: every user's jobs, filtered by site (the "vendor"), vendor account and status. */
export default function HistoryAdminPage() {
  const { t } = useTranslation("history");
  const [params, update] = useListParams(HISTORY_ADMIN_LIST);
  const list = useHistoryList(params);
  const status = useStatusFilter(params.status, (value) => update({ status: value }));
  const sites = useSWR("history-site-options", searchSiteOptions, logFailure);
  const siteId = Number(params.selectedVendor) || 0;
  const vendors = useSWR(siteId ? ["history-vendor-options", siteId] : null, () => searchVendorOptions(siteId), logFailure);

  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("titleAdmin")}</h1>
        <p className="text-base-content/70">{t("subtitleAdmin")}</p>
      </header>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            {
              label: t("filterSite"),
              anyLabel: t("anySite"),
              value: params.selectedVendor,
              onChange: (selectedVendor) => update({ selectedVendor, vendorId: "" }),
              options: (sites.data?.data ?? []).map((s) => ({ value: String(s.siteId), label: s.siteName })),
            },
            {
              label: t("filterVendor"),
              anyLabel: t("anyVendor"),
              value: params.vendorId,
              disabled: !siteId,
              onChange: (vendorId) => update({ vendorId }),
              options: (vendors.data?.data ?? []).map((v) => ({ value: String(v.vendorId), label: v.vendorName })),
            },
            status,
          ]}
        />
        <HistoryTable
          admin
          list={list}
          page={params.page}
          limit={params.limit}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit })}
          emptyText={t("emptyAdmin")}
        />
      </div>
    </section>
  );
}
