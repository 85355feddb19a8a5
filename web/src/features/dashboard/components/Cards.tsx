import { useTranslation } from "react-i18next";
import { formatCompact, formatDay } from "../../../lib/format";
import { bucketsOf, regroup } from "../lib/series";
import { BarList, type BarListItem } from "../../../components/charts/BarList";
import { ChartCard } from "./ChartCard";
import { TimeChart, TONES, type Tone } from "../../../components/charts/TimeChart";
import { useDocumentDir } from "../../../components/charts/useDocumentDir";

export interface SeriesInput {
  label: string;
  values: number[] | undefined;
  tone: Tone;
}

/** A chart over the period's days, grouped into weeks or months for long ranges, with its table. */
export function TimeSeriesCard({
  title,
  subtitle,
  days,
  kind,
  series,
  format,
  axisFormat = formatCompact,
  mode = "sum",
  className,
}: {
  title: string;
  subtitle?: string;
  days: string[];
  kind: "bar" | "line";
  series: SeriesInput[];
  format: (value: number) => string;
  /** Formats the axis ticks; compact numbers unless the values are money. */
  axisFormat?: (value: number) => string;
  /** "last" for levels such as a balance. */
  mode?: "sum" | "last";
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  const rtl = useDocumentDir() === "rtl";
  const buckets = bucketsOf(days);
  const labels = buckets.starts.map((day) => formatDay(day, buckets.unit));
  const grouped = series.map((s) => ({ ...s, values: regroup(s.values ?? days.map(() => 0), buckets, mode) }));
  const empty = mode === "sum" && grouped.every((s) => s.values.every((v) => v === 0));
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      empty={empty}
      className={className}
      table={{
        columns: [t(`unit.${buckets.unit}`), ...grouped.map((s) => s.label)],
        rows: labels.map((label, i) => [label, ...grouped.map((s) => format(s.values[i]!))]),
      }}
    >
      {grouped.length > 1 && (
        <ul className="flex flex-wrap gap-4 text-xs text-base-content/70" aria-hidden="true">
          {grouped.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className={`inline-block size-2.5 rounded-full ${TONES[s.tone].bg}`} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <TimeChart kind={kind} title={title} labels={labels} series={grouped} format={format} axisFormat={axisFormat} rtl={rtl} />
    </ChartCard>
  );
}

/** Categories as bars, with the same figures as a table. */
export function BarListCard({
  title,
  subtitle,
  items,
  valueHeader,
  detailHeader,
  className,
}: {
  title: string;
  subtitle?: string;
  items: BarListItem[];
  valueHeader: string;
  detailHeader?: string;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      empty={items.length === 0 || items.every((item) => item.value === 0)}
      className={className}
      table={{
        columns: [t("name"), valueHeader, ...(detailHeader ? [detailHeader] : [])],
        rows: items.map((item) => [item.label, item.display, ...(detailHeader ? [item.detail ?? ""] : [])]),
      }}
    >
      <BarList items={items} label={title} />
    </ChartCard>
  );
}
