import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { formatPercent } from "../../../lib/format";
import { changePercent } from "../lib/series";

/** One figure with its change against the previous period of the same length. */
export function KpiCard({
  title,
  icon,
  current,
  previous,
  format,
  previousLabel,
}: {
  title: string;
  icon: string;
  current: number;
  previous: number;
  format: (value: number) => string;
  /** "previous period" or "at the start of the period", for point-in-time figures. */
  previousLabel?: string;
}) {
  const { t } = useTranslation("dashboard");
  const change = changePercent(current, previous);
  // Direction as shown: a change that rounds to 0% gets no arrow.
  const shown = change === null ? 0 : Math.round(change);
  const up = shown > 0;
  const down = shown < 0;
  return (
    <div className="card bg-base-100 shadow-sm" data-kpi={title}>
      <div className="card-body gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm text-base-content/70">{title}</h2>
          <span className="rounded-box bg-primary/10 p-2 text-primary">
            <Icon name={icon} size={18} />
          </span>
        </div>
        <p className="text-2xl font-semibold tabular-nums">{format(current)}</p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-base-content/70">
          {change === null ? (
            <span>{current > 0 ? t("changeNew") : t("changeNone")}</span>
          ) : (
            <span className="inline-flex items-center gap-0.5 font-medium text-base-content">
              {(up || down) && <Icon name="arrow-up" size={12} className={down ? "rotate-180 text-error" : "text-success"} />}
              <span>{formatPercent(Math.abs(change))}</span>
              <span className="sr-only">{up ? t("changeUp") : down ? t("changeDown") : ""}</span>
            </span>
          )}
          <span>{t("versus", { value: format(previous), period: previousLabel ?? t("previousPeriod") })}</span>
        </p>
      </div>
    </div>
  );
}
