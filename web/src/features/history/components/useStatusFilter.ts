import { useTranslation } from "react-i18next";
import type { ToolbarFilter } from "../../../components/ListToolbar";

/** The job status filter of both history pages (the status codes of the jobs table). */
export function useStatusFilter(value: string, onChange: (status: string) => void): ToolbarFilter {
  const { t } = useTranslation("history");
  return {
    label: t("filterStatus"),
    anyLabel: t("anyStatus"),
    value,
    onChange,
    options: [
      { value: "0", label: t("status.queued") },
      { value: "1", label: t("status.done") },
      { value: "2", label: t("status.failed") },
    ],
  };
}
