import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { useConfirm } from "../../../components/ConfirmDialog";
import type { Column } from "../../../components/DataTable";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { formatCount, formatDate, formatNumber } from "../../../lib/format";
import { downloadFile } from "../api";
import { updateHistory } from "../api";
import type { HistoryEntry } from "../types";
import { FinishJobDialog } from "./FinishJobDialog";
import { SimilarityGauge } from "./SimilarityGauge";
import { StatusBadge } from "./StatusBadge";
import { CellText } from "../../../components/CellText";

interface Options {
  /** The back-office view: every user's jobs, the vendor account, and the processing actions. */
  admin: boolean;
  /** Reloads the list after a job was processed. */
  reload: () => Promise<unknown>;
}

/** The jobs table's columns (both history pages) and the dialog that finishes a job. */
export function useHistoryColumns({ admin, reload }: Options) {
  const { t } = useTranslation("history");
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const [finishing, setFinishing] = useState<HistoryEntry | null>(null);
  const canProcess = admin && ability.can("update", "History");

  async function save(file: () => Promise<void>) {
    try {
      await file();
    } catch (error) {
      snackbar.error(t("downloadFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  async function markFailed(job: HistoryEntry) {
    const ok = await confirm({
      title: t("markFailedTitle", { file: job.fileName }),
      text: t("markFailedText", { points: formatCount("points", job.pointsSpent) }),
      confirmText: t("markFailed"),
    });
    if (!ok) return;
    try {
      const answer = await updateHistory({ uniqueId: job.fileData.uniqueId, status: 2 });
      snackbar.success(answer.message);
    } catch (error) {
      snackbar.error(t("saveFailed") + (error instanceof ApiError ? error.message : t("saveFailedDefault")));
    }
    await reload();
  }

  const columns: Column<HistoryEntry>[] = [
    {
      key: "fileName",
      header: t("colFile"),
      render: (h) => (
        <div className="min-w-0">
          <CellText text={h.fileName} className="font-medium" narrow />
          <div className="text-sm text-base-content/70">{formatDate(h.createdAt, true)}</div>
        </div>
      ),
    },
    ...(admin
      ? [
          {
            key: "userName",
            header: t("colUser"),
            render: (h: HistoryEntry) => <CellText text={h.userName || `#${h.userId}`} narrow />,
          },
        ]
      : []),
    {
      key: "siteName",
      header: t("colSite"),
      render: (h) => (
        <div>
          <CellText text={h.siteName} narrow />
          {admin && h.vendorName && <CellText text={h.vendorName} className="text-sm text-base-content/70" narrow />}
        </div>
      ),
    },
    { key: "pointsSpent", header: t("colPoints"), className: "text-end", render: (h) => formatNumber(h.pointsSpent) },
    { key: "status", header: t("colStatus"), render: (h) => <StatusBadge status={h.fileData.status} /> },
    { key: "similarity", header: t("colSimilarity"), render: (h) => <SimilarityGauge value={h.fileData.similarity} /> },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (h) => (
        <div className="flex flex-wrap justify-end gap-1">
          {h.hasReport && (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void save(() => downloadFile("report", h.fileData.uniqueId, "report"))}
            >
              {t("downloadReport")}
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => void save(() => downloadFile("job-file", h.fileData.uniqueId, h.fileName))}
          >
            {t("downloadDocument")}
          </button>
          {canProcess && h.fileData.status === 0 && (
            <>
              <button type="button" className="btn btn-success btn-soft btn-xs" onClick={() => setFinishing(h)}>
                {t("markDone")}
              </button>
              <button type="button" className="btn btn-error btn-soft btn-xs" onClick={() => void markFailed(h)}>
                {t("markFailed")}
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  const dialog = finishing && (
    <FinishJobDialog
      job={finishing}
      onClose={() => setFinishing(null)}
      onDone={() => {
        setFinishing(null);
        void reload();
      }}
    />
  );

  return { columns, dialog };
}
