import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { BarList } from "../../../components/charts/BarList";
import { TimeChart } from "../../../components/charts/TimeChart";
import { useDocumentDir } from "../../../components/charts/useDocumentDir";
import { ErrorState, Loading } from "../../../components/PageStates";
import { formatCompact, formatCount, formatDay, formatMoney, formatMoneyCompact, formatNumber } from "../../../lib/format";
import { useStoreStats, type StoreRange, type StoreStats } from "../api";
import { bucketed } from "../components/buckets";
import { ReferralShare } from "../components/ReferralShare";
import { StoreKpi } from "../components/StoreKpi";
import { useProductName } from "./ProductListPage";
import { RangePicker } from "../../../components/RangePicker";

const RANGES: StoreRange[] = [7, 30, 90, 365];

/** The store at a glance over a chosen range: revenue net of refunds, orders, basket, sign-ups, referral share, best sellers. */
export default function StoreDashboardPage() {
  const { t } = useTranslation("store");
  const [range, setRange] = useState<StoreRange>(30);
  const stats = useStoreStats(range);
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
          {stats.data && (
            <p className="text-sm text-base-content/70">
              {t("dashboard.period", { from: formatDay(stats.data.from), to: formatDay(stats.data.to) })}
            </p>
          )}
        </div>
        <RangePicker
          ranges={RANGES}
          value={range}
          onChange={setRange}
          label={t("dashboard.range")}
          name={(days) => formatCount("days", days)}
        />
      </header>
      {stats.error && !stats.data ? (
        <ErrorState onRetry={() => void stats.mutate()} />
      ) : !stats.data ? (
        <Loading />
      ) : (
        <StoreFigures data={stats.data} />
      )}
    </div>
  );
}

function StoreFigures({ data }: { data: StoreStats }) {
  const { t } = useTranslation("store");
  const dir = useDocumentDir();
  const nameOf = useProductName();
  const money = (value: number) => formatMoney(value, data.currency);
  const revenue = bucketed(data.days, data.series.revenue);
  const orders = bucketed(data.days, data.series.orders);
  const labels = revenue.starts.map((day) => formatDay(day, revenue.unit));
  const { kpis, referrals } = data;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StoreKpi title={t("dashboard.revenue")} icon="credit-card" {...kpis.revenue} format={money} />
        <StoreKpi title={t("dashboard.orders")} icon="invoice" {...kpis.orders} format={formatNumber} />
        <StoreKpi title={t("dashboard.averageOrderValue")} icon="store" {...kpis.averageOrderValue} format={money} />
        <StoreKpi title={t("dashboard.newCustomers")} icon="users" {...kpis.newCustomers} format={formatNumber} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section className="card bg-base-100 shadow-sm">
          <div className="card-body min-w-0">
            <h2 className="card-title text-base">{t("dashboard.revenueChart")}</h2>
            <TimeChart
              kind="bar"
              title={t("dashboard.revenueChart")}
              labels={labels}
              series={[{ label: t("dashboard.revenue"), values: revenue.sums, tone: "primary" }]}
              format={money}
              axisFormat={(value) => formatMoneyCompact(value, data.currency)}
              rtl={dir === "rtl"}
            />
          </div>
        </section>
        <section className="card bg-base-100 shadow-sm">
          <div className="card-body min-w-0">
            <h2 className="card-title text-base">{t("dashboard.ordersChart")}</h2>
            <TimeChart
              kind="line"
              title={t("dashboard.ordersChart")}
              labels={labels}
              series={[{ label: t("dashboard.orders"), values: orders.sums, tone: "success" }]}
              format={formatNumber}
              axisFormat={formatCompact}
              rtl={dir === "rtl"}
            />
          </div>
        </section>
        <ReferralShare
          customers={{ part: referrals.newCustomers.current, whole: kpis.newCustomers.current, format: formatNumber }}
          revenue={{ part: referrals.revenue.current, whole: kpis.revenue.current, format: money }}
        />
        <section className="card bg-base-100 shadow-sm lg:col-span-2">
          <div className="card-body min-w-0 gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="card-title text-base">{t("dashboard.topProducts")}</h2>
              <Link href="/apps/ecommerce/product/list" className="link text-sm">
                {t("dashboard.allProducts")}
              </Link>
            </div>
            {data.topProducts.length === 0 ? (
              <p className="text-sm text-base-content/70">{t("dashboard.noSales")}</p>
            ) : (
              <BarList
                label={t("dashboard.topProducts")}
                items={data.topProducts.map((p) => ({
                  key: `${p.kind}-${p.refId}`,
                  label: p.name || p.points !== null ? nameOf(p) : t("dashboard.deletedProduct"),
                  value: p.amount,
                  display: money(p.amount),
                  detail: t("dashboard.sold", { qty: formatNumber(p.qty) }),
                  tone: p.kind === "item" ? "primary" : "accent",
                }))}
              />
            )}
          </div>
        </section>
      </div>
    </>
  );
}
