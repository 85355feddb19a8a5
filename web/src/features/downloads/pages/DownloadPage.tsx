import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { PageHeader } from "../../../components/PageHeader";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate, formatPercent } from "../../../lib/format";
import { downloadFile } from "../api";
import type { FinishedJob, SubscribedItem } from "../api";

/** Only http(s) links are rendered as links: an item URL is admin-entered text. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/** /portal/download-page: finished reports and the files of items with an active subscription. */
export default function DownloadPage() {
  const { t } = useTranslation("downloads");
  const { userData } = useSession();
  const snackbar = useSnackbar();
  const reports = useListController({
    call: "search-history",
    defaults: { limit: 10 },
    // Own finished jobs: an admin's scope is every job, so the page always names the caller.
    body: ({ page, limit }) => ({ search: "", status: 1, userId: userData?.userId, page, limit }),
  });
  // The second list keeps its own page and size in the URL (itemPage, itemLimit).
  const items = useListController({
    call: "search-downloads",
    defaults: { limit: 10 },
    scope: "item",
  });

  async function save(kind: "report" | "item-file", id: string | number, name: string) {
    try {
      await downloadFile(kind, id, name);
    } catch (error) {
      snackbar.error(t("downloadFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  const reportColumns: Column<FinishedJob>[] = [
    { key: "fileName", header: t("colDocument"), render: (j) => <span className="font-medium break-all">{j.fileName}</span> },
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
    { key: "itemName", header: t("colItem"), render: (i) => <span className="font-medium break-words">{i.itemName}</span> },
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
    <section className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ListCard
        heading={t("reports")}
        list={reports}
        caption={t("reports")}
        columns={reportColumns}
        rowKey={(j) => j.historyId}
        emptyText={t("noReports")}
      />
      <ListCard
        heading={t("subscriptions")}
        list={items}
        caption={t("subscriptions")}
        columns={itemColumns}
        rowKey={(i) => i.itemId}
        emptyText={t("noSubscriptions")}
      />
    </section>
  );
}
