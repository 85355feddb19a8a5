import type { DataTableProps } from "./DataTable";

interface ListState<T> {
  data?: { data: T[]; total: number };
  isValidating: boolean;
  error?: unknown;
  mutate: () => unknown;
}

type Paged = "rows" | "total" | "page" | "limit" | "onPage" | "onLimit" | "loading" | "error" | "onRetry";

/**
 * The DataTable props every URL-paged list passes the same way: rows and total from `useList`,
 * page and size from `useListParams`, a reload as the retry.
 */
export function listTableProps<T>(
  list: ListState<T>,
  params: { page: number; limit: number },
  update: (patch: { page?: number; limit?: number }) => void,
): Pick<DataTableProps<T>, Paged> {
  return {
    rows: list.data?.data,
    total: list.data?.total ?? 0,
    page: params.page,
    limit: params.limit,
    onPage: (page) => update({ page }),
    onLimit: (limit) => update({ limit }),
    loading: list.isValidating,
    error: list.error,
    onRetry: () => void list.mutate(),
  };
}
