import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import type { DashboardStats } from "../api";
import { TimeSeriesCard } from "./Cards";

/** Jobs per period stacked by status (what is neither done nor failed is still queued). */
export function JobsChart({ data }: { data: DashboardStats }) {
  const { t } = useTranslation("dashboard");
  const s = data.business!.series;
  const jobs = s.jobs ?? [];
  const done = s.jobsDone ?? [];
  const failed = s.jobsFailed ?? [];
  return (
    <TimeSeriesCard
      title={t("chart.jobs")}
      days={data.days}
      kind="bar"
      format={formatNumber}
      series={[
        { label: t("jobStatus.1"), values: done, tone: "success" },
        { label: t("jobStatus.2"), values: failed, tone: "error" },
        { label: t("jobStatus.0"), values: jobs.map((n, i) => n - (done[i] ?? 0) - (failed[i] ?? 0)), tone: "warning" },
      ]}
    />
  );
}
