import { useTranslation } from "react-i18next";
import { TimeChart, TONES, type ChartSeries } from "../../../components/charts/TimeChart";
import { useDocumentDir } from "../../../components/charts/useDocumentDir";
import { formatCompact } from "../../../lib/format";

/** A chart of the pipeline with its legend, and the same figures as a table behind a <details>. */
export function ChartPanel({
  title,
  kind,
  labels,
  series,
  format,
  period,
}: {
  title: string;
  kind: "bar" | "line";
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The table's first column header: day, week or month. */
  period: string;
}) {
  const { t } = useTranslation("fleet");
  const rtl = useDocumentDir() === "rtl";
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">{title}</h2>
        {series.length > 1 && (
          <ul className="flex flex-wrap gap-4 text-xs text-base-content/70" aria-hidden="true">
            {series.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span className={`inline-block size-2.5 rounded-full ${TONES[s.tone].bg}`} />
                {s.label}
              </li>
            ))}
          </ul>
        )}
        <TimeChart
          kind={kind}
          title={title}
          labels={labels}
          series={series}
          format={format}
          axisFormat={formatCompact}
          rtl={rtl}
        />
        <details className="text-sm">
          <summary className="cursor-pointer text-base-content/70">{t("showTable")}</summary>
          <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={t("tableOf", { title })}>
            <table className="table table-xs">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className="text-start">
                    {period}
                  </th>
                  {series.map((s) => (
                    <th key={s.label} scope="col" className="text-start">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((label, i) => (
                  <tr key={`${label}-${i}`}>
                    <th scope="row" className="text-start font-normal">
                      {label}
                    </th>
                    {series.map((s) => (
                      <td key={s.label} className="tabular-nums">
                        {format(s.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}
