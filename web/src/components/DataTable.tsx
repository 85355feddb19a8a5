import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../lib/format";
import { PAGE_SIZES } from "../lib/useList";
import { Empty, ErrorState, Loading } from "./PageStates";
import { paging } from "./paging";

export interface Column<T> {
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** The sort value sent to the server when this column's header is clicked. */
  sortKey?: string;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number;
  /** `total` is a lower bound: shown as "1,000+", and Next stays while pages come back full. */
  totalCapped?: boolean;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  /** The page-size choices; the spec's 5/10/20/25/50/100 when left out. */
  pageSizes?: readonly number[];
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  sort?: string;
  onSort?: (sort: string) => void;
  caption?: string;
}

/*
 * Below the sm breakpoint every row becomes a card: the header row is read by screen readers only,
 * and each cell shows its column's name before its value (data-label), so no column hides in a
 * sideways scroll on a phone. Written out in full so Tailwind sees every class.
 */
const PHONE = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:px-1 max-sm:py-3 max-sm:not-last:border-b max-sm:border-base-content/10",
  cell: [
    "max-sm:flex max-sm:min-w-0 max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-4 max-sm:gap-y-1",
    "max-sm:border-0 max-sm:py-1 max-sm:text-end max-sm:break-words max-sm:empty:hidden",
    "max-sm:before:text-start max-sm:before:font-medium max-sm:before:text-base-content/70",
    "max-sm:before:content-[attr(data-label)]",
  ].join(" "),
};

/** The shared server-paged table: sorting, page sizes, loading/empty/error states, cards on phones. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, total, page, limit } = props;
  if (props.error && !rows) return <ErrorState onRetry={props.onRetry} />;
  if (!rows) return <Loading />;
  const { from, to, totalText, hasPrevious, hasNext } = paging({
    page,
    limit,
    total,
    totalCapped: props.totalCapped,
    count: rows.length,
  });
  const sizes = props.pageSizes ?? PAGE_SIZES;
  return (
    <div className="w-full min-w-0">
      {/* A wide table scrolls sideways: the region takes focus so keyboard users can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={props.caption ?? t("table")}>
        <table className={`table ${PHONE.table}`}>
          {props.caption && <caption className="sr-only">{props.caption}</caption>}
          <thead className={`text-base-content/80 ${PHONE.head}`}>
            <tr>
              {columns.map((column) => (
                <th key={column.key} className={column.className} aria-sort={sortState(props.sort, column.sortKey)}>
                  {column.sortKey && props.onSort ? (
                    <button
                      type="button"
                      className="link link-hover"
                      onClick={() => props.onSort!(nextSort(props.sort, column.sortKey!))}
                      aria-label={t("sortBy", { column: column.header })}
                    >
                      {column.header}
                      {props.sort?.startsWith(column.sortKey) ? (props.sort.endsWith("_desc") ? " ↓" : " ↑") : ""}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={`${PHONE.body} ${props.loading ? "opacity-60" : ""}`}>
            {rows.map((row) => (
              <tr key={props.rowKey(row)} className={`hover:bg-base-200 ${PHONE.row}`}>
                {columns.map((column) => (
                  <td key={column.key} className={`${column.className ?? ""} ${PHONE.cell}`} data-label={column.header}>
                    {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? "")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <Empty text={props.emptyText} />}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 p-3 text-sm">
        <label className="flex items-center gap-2">
          <span>{t("rowsPerPage")}</span>
          <select className="select select-sm w-20" value={limit} onChange={(e) => props.onLimit(Number(e.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {formatNumber(size)}
              </option>
            ))}
          </select>
        </label>
        <span>{t("pageOf", { from: formatNumber(from), to: formatNumber(to), total: totalText })}</span>
        <div className="join">
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={!hasPrevious}
            onClick={() => props.onPage(page - 1)}
            aria-label={t("previousPage")}
          >
            <span className="icon-directional" aria-hidden="true">
              ‹
            </span>
          </button>
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={!hasNext}
            onClick={() => props.onPage(page + 1)}
            aria-label={t("nextPage")}
          >
            <span className="icon-directional" aria-hidden="true">
              ›
            </span>
          </button>
        </div>
      </div>
    </div>
  );
}

function nextSort(current: string | undefined, key: string): string {
  return current === `${key}_asc` ? `${key}_desc` : `${key}_asc`;
}

function sortState(current: string | undefined, key: string | undefined): "ascending" | "descending" | undefined {
  if (!key || !current?.startsWith(key)) return undefined;
  return current.endsWith("_desc") ? "descending" : "ascending";
}
