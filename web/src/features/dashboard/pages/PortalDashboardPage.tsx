import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { Icon } from "../../../components/Icon";
import { ErrorState, Loading } from "../../../components/PageStates";
import { formatCount, formatDate, formatNumber, formatPercent } from "../../../lib/format";
import { useDashboardStats, type OwnStats, RANGES } from "../api";
import { TimeSeriesCard } from "../components/Cards";
import { RangePicker, useRange } from "../../../components/RangePicker";

const STATUS_DOT = ["bg-warning", "bg-success", "bg-error"] as const;

/** The portal home for everyone signed in: balance, subscriptions, recent jobs, quick actions. */
export default function PortalDashboardPage() {
  const { t } = useTranslation("dashboard");
  const { userData } = useSession();
  const [range, setRange] = useRange(RANGES, 30);
  const { data, error, mutate } = useDashboardStats(range);
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("greeting", { name: userData?.userName ?? "" })}</h1>
        <RangePicker
          ranges={RANGES}
          value={range}
          onChange={setRange}
          label={t("rangeLabel")}
          name={(days) => t(`range${days}`)}
        />
      </header>
      <QuickActions />
      {error && !data ? (
        <ErrorState onRetry={() => void mutate()} />
      ) : !data?.own ? (
        <Loading />
      ) : (
        <>
          <OwnFigures own={data.own} fallbackBalance={userData?.userQuota ?? 0} />
          {data.own.balanceSeries && (
            <TimeSeriesCard
              title={t("chart.balance")}
              days={data.days}
              kind="line"
              mode="last"
              format={(value) => formatCount("points", value)}
              series={[{ label: t("balance"), values: data.own.balanceSeries, tone: "primary" }]}
            />
          )}
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Subscriptions own={data.own} />
            {data.own.recentJobs && <RecentJobs jobs={data.own.recentJobs} />}
          </div>
        </>
      )}
    </div>
  );
}

function QuickActions() {
  const { t } = useTranslation("dashboard");
  const { ability } = useSession();
  const actions = [
    { key: "buyPoints", to: "/portal/bundle", icon: "package", allowed: ability.can("read", "Bundle") },
    { key: "useSite", to: "/portal/site", icon: "world", allowed: ability.can("create", "History") },
    { key: "redeemCoupon", to: "/portal/quota", icon: "ticket", allowed: ability.can("redeem", "Coupon") },
  ].filter((action) => action.allowed);
  if (actions.length === 0) return null;
  return (
    <nav aria-label={t("quickActions")} className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Link key={action.key} href={action.to} className="btn btn-primary">
          <Icon name={action.icon} size={18} />
          {t(action.key)}
        </Link>
      ))}
    </nav>
  );
}

function OwnFigures({ own, fallbackBalance }: { own: OwnStats; fallbackBalance: number }) {
  const { t } = useTranslation("dashboard");
  const figures = [
    { key: "balance", value: own.balance ?? fallbackBalance, tone: "text-primary" },
    { key: "pointsAdded", value: own.pointsAdded, tone: "" },
    { key: "pointsUsed", value: own.pointsUsed, tone: "" },
    { key: "activePlans", value: own.subscriptions.length, tone: "" },
  ].filter((f): f is { key: string; value: number; tone: string } => f.value !== undefined);
  return (
    <div className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal">
      {figures.map((figure) => (
        <div key={figure.key} className="stat">
          <div className="stat-title text-base-content/80">{t(figure.key)}</div>
          <div className={`stat-value tabular-nums ${figure.tone}`}>{formatNumber(figure.value)}</div>
        </div>
      ))}
    </div>
  );
}

function Subscriptions({ own }: { own: OwnStats }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="subscriptions-title">
      <div className="card-body gap-3">
        <h2 id="subscriptions-title" className="card-title text-base">
          {t("subscriptions")}
        </h2>
        {own.subscriptions.length === 0 ? (
          <div className="flex flex-col items-start gap-2 text-base-content/70">
            <p>{t("noSubscriptions")}</p>
            <Link href="/portal/item" className="btn btn-sm">
              {t("browsePlans")}
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4">
            {own.subscriptions.map((s) => {
              const total = Math.max(1, (Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 86_400_000);
              return (
                <li key={s.subscriptionId} className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">{s.itemName}</span>
                    <span className="text-sm text-base-content/70">{t("daysLeft", { count: s.daysLeft })}</span>
                  </div>
                  <progress
                    className="progress progress-primary w-full"
                    value={Math.min(total, s.daysLeft)}
                    max={total}
                    aria-label={t("daysLeft", { count: s.daysLeft })}
                  />
                  <span className="text-xs text-base-content/70">{t("endsOn", { date: formatDate(s.endsAt) })}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function RecentJobs({ jobs }: { jobs: NonNullable<OwnStats["recentJobs"]> }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="jobs-title">
      <div className="card-body gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="jobs-title" className="card-title text-base">
            {t("recentJobs")}
          </h2>
          <Link href="/portal/history-user" className="link text-sm">
            {t("seeAll")}
          </Link>
        </div>
        {jobs.length === 0 ? (
          <div className="flex flex-col items-start gap-2 text-base-content/70">
            <p>{t("noJobs")}</p>
            <Link href="/portal/site" className="btn btn-sm">
              {t("useSite")}
            </Link>
          </div>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("recentJobs")}>
            <table className="table table-sm">
              <thead className="text-base-content/80">
                <tr>
                  <th className="text-start">{t("site")}</th>
                  <th className="text-start">{t("file")}</th>
                  <th className="text-start">{t("status")}</th>
                  <th className="text-end">{t("similarity")}</th>
                  <th className="text-start">{t("date")}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.uniqueId}>
                    <td>{job.siteName}</td>
                    <td className="max-w-40 truncate">{job.fileName}</td>
                    <td>
                      <span className="badge badge-sm gap-1.5">
                        <span className={`size-2 rounded-full ${STATUS_DOT[job.status] ?? ""}`} aria-hidden="true" />
                        {t(`jobStatus.${job.status}`)}
                      </span>
                    </td>
                    <td className="text-end tabular-nums">{job.similarity === null ? "—" : formatPercent(job.similarity)}</td>
                    <td className="whitespace-nowrap">{formatDate(job.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
