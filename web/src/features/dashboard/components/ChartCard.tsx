import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DataTableFallback {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A card holding one chart, with the same figures as a table behind a <details>: screen readers and
 * anyone who wants exact numbers get them without reading the drawing.
 */
export function ChartCard({
  title,
  subtitle,
  empty,
  table,
  children,
  className,
}: {
  title: string;
  subtitle?: string;
  empty?: boolean;
  table: DataTableFallback;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={`card bg-base-100 shadow-sm ${className ?? ""}`} aria-label={title}>
      <div className="card-body gap-3">
        <header>
          <h2 className="card-title text-base">{title}</h2>
          {subtitle && <p className="text-sm text-base-content/70">{subtitle}</p>}
        </header>
        {empty ? <p className="py-10 text-center text-sm text-base-content/70">{t("noDataInPeriod")}</p> : children}
        {!empty && (
          <details className="text-sm">
            <summary className="cursor-pointer text-base-content/70">{t("showTable")}</summary>
            <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={t("tableOf", { title })}>
              <table className="table table-xs">
                <caption className="sr-only">{title}</caption>
                <thead className="text-base-content/80">
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="text-start">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((cells, i) => (
                    <tr key={i}>
                      {cells.map((cell, j) =>
                        j === 0 ? (
                          <th key={j} scope="row" className="text-start font-normal">
                            {cell}
                          </th>
                        ) : (
                          <td key={j} className="text-end tabular-nums">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        )}
      </div>
    </section>
  );
}
