import { useTranslation } from "react-i18next";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useDashboardStats, type BusinessStats, type DashboardStats, RANGES } from "../api";
import { BusinessStatsBody } from "../components/BusinessStatsBody";
import { BarListCard, TimeSeriesCard } from "../components/Cards";
import { JobsChart } from "../components/JobsChart";
import { KpiCard } from "../components/KpiCard";
import { RangePicker, useRange } from "../../../components/RangePicker";
import { RevenueChart } from "../components/RevenueChart";

/** The product's traffic: jobs and payments over time. */
export default function AnalyticsPage() {
  const { t } = useTranslation("dashboard");
  const [range, setRange] = useRange(RANGES, 30);
  const stats = useDashboardStats(range);
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("analyticsTitle")}</h1>
          <p className="text-sm text-base-content/70">{t("analyticsIntro")}</p>
        </div>
        <RangePicker
          ranges={RANGES}
          value={range}
          onChange={setRange}
          label={t("rangeLabel")}
          name={(days) => t(`range${days}`)}
        />
      </header>
      <BusinessStatsBody stats={stats}>{(data, business) => <Traffic data={data} business={business} />}</BusinessStatsBody>
    </div>
  );
}

function Traffic({ data, business: b }: { data: DashboardStats; business: BusinessStats }) {
  const { t } = useTranslation("dashboard");
  const money = (value: number) => formatMoney(value, data.currency);
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {b.kpis.jobs && <KpiCard title={t("kpi.jobs")} icon="history" {...b.kpis.jobs} format={formatNumber} />}
        {b.kpis.paidPayments && (
          <KpiCard title={t("kpi.paidPayments")} icon="invoice" {...b.kpis.paidPayments} format={formatNumber} />
        )}
        {b.kpis.revenue && <KpiCard title={t("kpi.revenue")} icon="credit-card" {...b.kpis.revenue} format={money} />}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {b.series.jobs && <JobsChart data={data} />}
        {b.series.payments && (
          <TimeSeriesCard
            title={t("chart.payments")}
            days={data.days}
            kind="line"
            format={formatNumber}
            series={[
              { label: t("createdPayments"), values: b.series.payments, tone: "info" },
              { label: t("kpi.paidPayments"), values: b.series.paidPayments, tone: "success" },
            ]}
          />
        )}
        {b.series.revenue && <RevenueChart data={data} revenue={b.series.revenue} />}
        {b.jobsByStatus && (
          <BarListCard
            title={t("chart.jobsByStatus")}
            valueHeader={t("jobs")}
            items={([1, 2, 0] as const).map((status) => ({
              key: status,
              label: t(`jobStatus.${status}`),
              value: b.jobsByStatus![(["queued", "done", "failed"] as const)[status]],
              display: formatNumber(b.jobsByStatus![(["queued", "done", "failed"] as const)[status]]),
              tone: status === 1 ? "success" : status === 2 ? "error" : "warning",
            }))}
          />
        )}
      </div>
    </>
  );
}
