import { useTranslation } from "react-i18next";
import type { JobStatus } from "../types";

const TONE: Record<JobStatus, string> = { 0: "badge-info", 1: "badge-success", 2: "badge-error" };
const KEY: Record<JobStatus, "queued" | "done" | "failed"> = { 0: "queued", 1: "done", 2: "failed" };

export function StatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation("history");
  return (
    <span className={`badge badge-soft whitespace-nowrap ${TONE[status]}`}>
      {status === 0 && <span className="loading loading-ring loading-xs" aria-hidden="true" />}
      {t(`status.${KEY[status]}`)}
    </span>
  );
}
