import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { formatPercent } from "../../../lib/format";
import { changePercent } from "./buckets";

/** One store figure with its change against the previous period of the same length. */
export function StoreKpi(props: {
  title: string;
  icon: string;
  current: number;
  previous: number;
  format: (value: number) => string;
}) {
  const { t } = useTranslation("store");
  const { title, icon, current, previous, format } = props;
  const change = changePercent(current, previous);
  const shown = change === null ? 0 : Math.round(change);
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
            <span>{current > 0 ? t("dashboard.changeNew") : t("dashboard.changeNone")}</span>
          ) : (
            <span className={`font-medium ${shown < 0 ? "text-error" : shown > 0 ? "text-success" : "text-base-content"}`}>
              {shown > 0 ? "+" : shown < 0 ? "−" : ""}
              {formatPercent(Math.abs(change))}
            </span>
          )}
          <span>{t("dashboard.versus", { value: format(previous) })}</span>
        </p>
      </div>
    </div>
  );
}
