import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useListParams } from "../../../lib/useList";
import { searchSiteOptions, searchVendorOptions } from "../api/filterOptions";
import { useHistoryList } from "../api/searchHistory";
import { HistoryTable } from "../components/HistoryTable";
import { StatusFilter } from "../components/StatusFilter";
import { useSearchInput } from "../components/useSearchInput";

const logFailure = { onError: () => console.error("Network response was not ok"), shouldRetryOnError: false };

/** /portal/history: every user's jobs, filtered by site (the "vendor"), vendor account and status. */
export default function HistoryAdminPage() {
  const { t } = useTranslation("history");
  const [params, update] = useListParams({ limit: 10, search: "", userId: "", selectedVendor: "", vendorId: "", status: "" });
  const list = useHistoryList(params);
  const [search, setSearch] = useSearchInput(params.search, (value) => update({ search: value }));
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
        <div className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <input
            type="search"
            className="input w-full"
            placeholder={t("searchPlaceholder")}
            aria-label={t("searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <select
            className="select w-full"
            aria-label={t("filterSite")}
            value={params.selectedVendor}
            onChange={(e) => update({ selectedVendor: e.target.value, vendorId: "" })}
          >
            <option value="">{t("anySite")}</option>
            {sites.data?.data.map((s) => (
              <option key={s.siteId} value={String(s.siteId)}>
                {s.siteName}
              </option>
            ))}
          </select>
          <select
            className="select w-full"
            aria-label={t("filterVendor")}
            value={params.vendorId}
            disabled={!siteId}
            onChange={(e) => update({ vendorId: e.target.value })}
          >
            <option value="">{t("anyVendor")}</option>
            {vendors.data?.data.map((v) => (
              <option key={v.vendorId} value={String(v.vendorId)}>
                {v.vendorName}
              </option>
            ))}
          </select>
          <StatusFilter value={params.status} onChange={(status) => update({ status })} />
        </div>
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
