import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "../lib/useList";
import { Empty, ErrorState, Loading } from "./PageStates";

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
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  sort?: string;
  onSort?: (sort: string) => void;
  caption?: string;
}

/** The shared server-paged table: sorting, page sizes 5/10/20/25/50/100, loading/empty/error states. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, total, page, limit } = props;
  if (props.error && !rows) return <ErrorState onRetry={props.onRetry} />;
  if (!rows) return <Loading />;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="w-full">
      {/* A wide table scrolls sideways: the region takes focus so keyboard users can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={props.caption ?? t("table")}>
        <table className="table">
          {props.caption && <caption className="sr-only">{props.caption}</caption>}
          <thead className="text-base-content/80">
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
          <tbody className={props.loading ? "opacity-60" : undefined}>
            {rows.map((row) => (
              <tr key={props.rowKey(row)} className="hover:bg-base-200">
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? "")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <Empty text={props.emptyText} />}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-4 p-3 text-sm">
        <label className="flex items-center gap-2">
          <span>{t("rowsPerPage")}</span>
          <select className="select select-sm w-20" value={limit} onChange={(e) => props.onLimit(Number(e.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span>{t("pageOf", { from, to, total })}</span>
        <div className="join">
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page <= 1}
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
            disabled={page >= lastPage}
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
