import { useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatMoney, formatNumber } from "../../../lib/format";
import { useDashboardStats, type BusinessStats, type DashboardStats, type KpiName, RANGES } from "../api";
import { BusinessStatsBody } from "../components/BusinessStatsBody";
import { BarListCard, TimeSeriesCard } from "../components/Cards";
import { JobsChart } from "../components/JobsChart";
import { KpiCard } from "../components/KpiCard";
import { MailOffNotice } from "../components/MailOffNotice";
import { RangePicker, useRange } from "../../../components/RangePicker";
import { RevenueChart } from "../components/RevenueChart";
import { SetupChecklist } from "../components/SetupChecklist";
import { SupportCard } from "../components/SupportCard";
import { useSession } from "../../../providers/session";

const KPIS: { name: KpiName; icon: string; money?: boolean; pointInTime?: boolean }[] = [
  { name: "revenue", icon: "credit-card", money: true },
  { name: "paidPayments", icon: "invoice" },
  { name: "newUsers", icon: "users" },
  { name: "activeSubscriptions", icon: "box", pointInTime: true },
  { name: "pointsSold", icon: "coins" },
  { name: "pointsSpent", icon: "coins" },
  { name: "jobs", icon: "history" },
  { name: "couponsRedeemed", icon: "ticket" },
];

/** The admin home: KPI cards against the previous period, and the business over time. */
export default function CrmDashboardPage() {
  const { t } = useTranslation("dashboard");
  const [range, setRange] = useRange(RANGES, 30);
  const stats = useDashboardStats(range);
  const { data, isValidating } = stats;
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("crmTitle")}</h1>
          {data && <p className="text-sm text-base-content/70">{t("periodOf", { days: formatCount("days", data.range) })}</p>}
        </div>
        <div className="flex items-center gap-2">
          {isValidating && data && (
            <span className="loading loading-spinner loading-sm text-primary" aria-label={t("updating")} />
          )}
          <RangePicker
            ranges={RANGES}
            value={range}
            onChange={setRange}
            label={t("rangeLabel")}
            name={(days) => t(`range${days}`)}
          />
        </div>
      </header>
      <BusinessStatsBody stats={stats}>{(data, business) => <CrmContent data={data} business={business} />}</BusinessStatsBody>
    </div>
  );
}

function CrmContent({ data, business: b }: { data: DashboardStats; business: BusinessStats }) {
  const { t } = useTranslation("dashboard");
  const { ability } = useSession();
  const money = (value: number) => formatMoney(value, data.currency);
  const kpis = KPIS.filter((k) => b.kpis[k.name]);
  // The charts draw in a second, interruptible render once the KPI cards (the page's first data)
  // are on screen, instead of holding them back; the figures and their charts change together.
  const shown = useMemo(() => ({ data, business: b }), [data, b]);
  const charts = useDeferredValue<typeof shown | null>(shown, null);
  return (
    <>
      {!b.setup.mailDelivery && <MailOffNotice />}
      {!b.setup.hasPayments && <SetupChecklist setup={b.setup} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {kpis.map((k) => (
          <KpiCard
            key={k.name}
            title={t(`kpi.${k.name}`)}
            icon={k.icon}
            current={b.kpis[k.name]!.current}
            previous={b.kpis[k.name]!.previous}
            format={k.money ? money : formatNumber}
            previousLabel={k.pointInTime ? t("periodStart") : undefined}
          />
        ))}
        {ability.can("manage", "Ticket") && <SupportCard />}
      </div>
      {charts && <CrmCharts data={charts.data} business={charts.business} />}
    </>
  );
}

/** The business over time and by status, site, vendor account and product. */
function CrmCharts({ data, business: b }: { data: DashboardStats; business: BusinessStats }) {
  const { t } = useTranslation("dashboard");
  const money = (value: number) => formatMoney(value, data.currency);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {b.series.revenue && <RevenueChart data={data} revenue={b.series.revenue} />}
      {b.series.pointsSold && (
        <TimeSeriesCard
          title={t("chart.points")}
          days={data.days}
          kind="line"
          format={formatNumber}
          series={[
            { label: t("kpi.pointsSold"), values: b.series.pointsSold, tone: "primary" },
            { label: t("kpi.pointsSpent"), values: b.series.pointsSpent, tone: "warning" },
          ]}
        />
      )}
      {b.series.newUsers && (
        <TimeSeriesCard
          title={t("chart.newUsers")}
          days={data.days}
          kind="bar"
          format={formatNumber}
          series={[{ label: t("kpi.newUsers"), values: b.series.newUsers, tone: "info" }]}
        />
      )}
      {b.series.jobs && <JobsChart data={data} />}
      {b.paymentsByStatus && (
        <BarListCard
          title={t("chart.paymentsByStatus")}
          valueHeader={t("count")}
          detailHeader={t("amount")}
          items={b.paymentsByStatus.map((s) => ({
            key: s.status,
            label: t(`paymentStatus.${s.status}`),
            value: s.count,
            display: formatNumber(s.count),
            detail: money(s.amount),
            tone:
              s.status === "paid"
                ? "success"
                : s.status === "pending" || s.status === "awaiting_confirmation"
                  ? "warning"
                  : "secondary",
          }))}
        />
      )}
      {b.jobsBySite && (
        <BarListCard
          title={t("chart.jobsBySite")}
          valueHeader={t("jobs")}
          detailHeader={t("points")}
          items={b.jobsBySite.map((s) => ({
            key: s.siteId ?? "deleted",
            label: s.siteName || t("deletedSite"),
            value: s.jobs,
            display: formatNumber(s.jobs),
            detail: formatCount("points", s.points),
          }))}
        />
      )}
      {b.vendorLoad && (
        <BarListCard
          title={t("chart.vendorLoad")}
          subtitle={t("chart.vendorLoadHint")}
          valueHeader={t("jobs")}
          detailHeader={t("queued")}
          items={b.vendorLoad.map((v) => ({
            key: v.vendorId,
            label: `${v.vendorName}${v.siteName ? ` · ${v.siteName}` : ""}${v.vendorIsActive ? "" : ` (${t("inactive")})`}`,
            value: v.jobs,
            display: formatNumber(v.jobs),
            detail: t("queuedValue", { value: formatNumber(v.queued) }),
            tone: v.vendorIsActive ? "accent" : "secondary",
          }))}
        />
      )}
      {b.subscriptionsByItem && (
        <BarListCard
          title={t("chart.subscriptionsByItem")}
          valueHeader={t("kpi.activeSubscriptions")}
          items={b.subscriptionsByItem.map((s) => ({
            key: s.itemId,
            label: s.itemName,
            value: s.active,
            display: formatNumber(s.active),
            tone: "success",
          }))}
        />
      )}
    </div>
  );
}
