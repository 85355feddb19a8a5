import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { formatDay, formatNumber } from "../../../lib/format";
import { fetchPipeline, pipelineKey, RANGES, DEFAULT_RANGE } from "../api";
import { ChartPanel } from "../components/ChartPanel";
import { RangePicker, useRange } from "../../../components/RangePicker";
import { bucketsOf, meanFinishMinutes } from "../lib/buckets";

/**
 * /apps/logistics/dashboard and /dashboards/logistics: the job pipeline over the chosen period from
 * the daily roll-ups (fleet-pipeline), by the day jobs were submitted.
 */
export default function LogisticsDashboardPage() {
  const { t } = useTranslation("fleet");
  const [range, setRange] = useRange(RANGES, DEFAULT_RANGE);
  const pipeline = useSWR(pipelineKey(range), () => fetchPipeline(range), { keepPreviousData: true });
  const data = pipeline.data;
  const grouped = data ? bucketsOf(data) : null;
  const totals = grouped?.buckets.reduce(
    (sum, b) => ({ queued: sum.queued + b.queued, done: sum.done + b.done, failed: sum.failed + b.failed }),
    { queued: 0, done: 0, failed: 0 },
  );
  const mean = data ? meanFinishMinutes(data) : null;
  const minutes = (value: number) => t("minutes", { value: formatNumber(value) });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("dashboardTitle")} subtitle={t("dashboardSubtitle")}>
        <div className="flex flex-wrap items-center gap-2">
          <RangePicker
            ranges={RANGES}
            value={range}
            onChange={setRange}
            label={t("rangeLabel")}
            name={(days) => t(`range${days}`)}
          />
          <Link href="/apps/logistics/fleet" className="btn btn-sm btn-ghost">
            {t("openFleet")}
          </Link>
        </div>
      </PageHeader>
      {pipeline.error ? (
        <ErrorState onRetry={() => void pipeline.mutate()} />
      ) : !grouped || !totals ? (
        <Loading />
      ) : (
        <>
          <section aria-label={t("summary")} className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal">
            {[
              { label: t("submitted"), value: formatNumber(totals.queued + totals.done + totals.failed) },
              { label: t("done"), value: formatNumber(totals.done) },
              { label: t("failed"), value: formatNumber(totals.failed) },
              { label: t("stillQueued"), value: formatNumber(totals.queued) },
              { label: t("meanFinish"), value: mean === null ? t("none") : minutes(mean) },
            ].map((figure) => (
              <div key={figure.label} className="stat px-4 py-3">
                <div className="stat-title text-base-content/80">{figure.label}</div>
                <div className="stat-value text-2xl tabular-nums">{figure.value}</div>
              </div>
            ))}
          </section>
          {totals.queued + totals.done + totals.failed === 0 ? (
            <Empty text={t("noJobs")} />
          ) : (
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              <ChartPanel
                title={t("pipelineChart")}
                kind="bar"
                period={t(`unit.${grouped.unit}`)}
                labels={grouped.buckets.map((b) => formatDay(b.start, grouped.unit))}
                format={formatNumber}
                series={[
                  { label: t("done"), values: grouped.buckets.map((b) => b.done), tone: "success" },
                  { label: t("failed"), values: grouped.buckets.map((b) => b.failed), tone: "error" },
                  { label: t("stillQueued"), values: grouped.buckets.map((b) => b.queued), tone: "warning" },
                ]}
              />
              <ChartPanel
                title={t("finishChart")}
                kind="line"
                period={t(`unit.${grouped.unit}`)}
                labels={grouped.buckets.map((b) => formatDay(b.start, grouped.unit))}
                format={minutes}
                series={[{ label: t("meanFinish"), values: grouped.buckets.map((b) => b.finishMinutes ?? 0), tone: "info" }]}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
