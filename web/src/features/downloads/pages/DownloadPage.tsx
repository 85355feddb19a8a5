import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { DataTable, type Column } from "../../../components/DataTable";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { formatDate, formatPercent } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { downloadFile } from "../api/download";
import type { FinishedJob, SubscribedItem } from "../api/types";

/** Only http(s) links are rendered as links: an item URL is admin-entered text. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/** /portal/download-page: finished reports and the files of items with an active subscription. */
export default function DownloadPage() {
  const { t } = useTranslation("downloads");
  const { userData } = useSession();
  const snackbar = useSnackbar();
  const [params, update] = useListParams({ limit: 10, itemPage: 1, itemLimit: 10 });
  // Own finished jobs: an admin's scope is every job, so the page always names the caller.
  const reports = useList("search-history", {
    search: "",
    status: 1,
    userId: userData?.userId,
    page: params.page,
    limit: params.limit,
  });
  const items = useList("search-downloads", { page: params.itemPage, limit: params.itemLimit });

  async function save(kind: "report" | "item-file", id: string | number, name: string) {
    try {
      await downloadFile(kind, id, name);
    } catch (error) {
      snackbar.error(t("downloadFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  const reportColumns: Column<FinishedJob>[] = [
    { key: "fileName", header: t("colDocument"), render: (j) => <span className="font-medium">{j.fileName}</span> },
    { key: "siteName", header: t("colSite") },
    {
      key: "similarity",
      header: t("colSimilarity"),
      render: (j) => (j.fileData.similarity === null ? "—" : formatPercent(j.fileData.similarity)),
    },
    { key: "updatedAt", header: t("colFinished"), render: (j) => formatDate(j.updatedAt, true) },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (j) =>
        j.hasReport ? (
          <button
            type="button"
            className="btn btn-primary btn-soft btn-xs"
            onClick={() => void save("report", j.fileData.uniqueId, "report")}
          >
            {t("downloadReport")}
          </button>
        ) : (
          <span className="text-sm text-base-content/70">{t("noReport")}</span>
        ),
    },
  ];

  const itemColumns: Column<SubscribedItem>[] = [
    { key: "itemName", header: t("colItem"), render: (i) => <span className="font-medium">{i.itemName}</span> },
    {
      key: "itemUrl",
      header: t("colUrl"),
      render: (i) => {
        const url = safeUrl(i.itemUrl);
        return url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
            {url}
          </a>
        ) : (
          "—"
        );
      },
    },
    { key: "endsAt", header: t("colEnds"), render: (i) => formatDate(i.endsAt) },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (i) =>
        i.itemFile ? (
          <button
            type="button"
            className="btn btn-primary btn-soft btn-xs"
            onClick={() => void save("item-file", i.itemId, i.itemFile!)}
          >
            {t("downloadFile")}
          </button>
        ) : (
          <span className="text-sm text-base-content/70">{t("noFile")}</span>
        ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-base-content/70">{t("subtitle")}</p>
      </header>
      <div className="card bg-base-100 shadow-sm">
        <h2 className="px-4 pt-4 text-lg font-semibold">{t("reports")}</h2>
        <DataTable
          caption={t("reports")}
          columns={reportColumns}
          rows={reports.data?.data}
          rowKey={(j) => j.historyId}
          total={reports.data?.total ?? 0}
          page={params.page}
          limit={params.limit}
          onPage={(page) => update({ page, itemPage: params.itemPage })}
          onLimit={(limit) => update({ limit, itemPage: params.itemPage })}
          loading={reports.isValidating}
          error={reports.error}
          onRetry={() => void reports.mutate()}
          emptyText={t("noReports")}
        />
      </div>
      <div className="card bg-base-100 shadow-sm">
        <h2 className="px-4 pt-4 text-lg font-semibold">{t("subscriptions")}</h2>
        <DataTable
          caption={t("subscriptions")}
          columns={itemColumns}
          rows={items.data?.data}
          rowKey={(i) => i.itemId}
          total={items.data?.total ?? 0}
          page={params.itemPage}
          limit={params.itemLimit}
          onPage={(itemPage) => update({ itemPage, page: params.page })}
          onLimit={(itemLimit) => update({ itemLimit, itemPage: 1, page: params.page })}
          loading={items.isValidating}
          error={items.error}
          onRetry={() => void items.mutate()}
          emptyText={t("noSubscriptions")}
        />
      </div>
    </section>
  );
}
