import { useTranslation } from "react-i18next";
import { formatMoney, formatMoneyCompact } from "../../../lib/format";
import type { DashboardStats } from "../api";
import { TimeSeriesCard } from "./Cards";

/** Revenue per period as bars in the stats' currency (amounts arrive in its minor unit). */
export function RevenueChart({ data, revenue }: { data: DashboardStats; revenue: number[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <TimeSeriesCard
      title={t("chart.revenue")}
      days={data.days}
      kind="bar"
      format={(value) => formatMoney(value, data.currency)}
      axisFormat={(value) => formatMoneyCompact(value, data.currency)}
      series={[{ label: t("kpi.revenue"), values: revenue, tone: "primary" }]}
    />
  );
}
