import { useState } from "react";
import type { SWRConfiguration } from "swr";
import type { ListAnswer } from "../lib/api";
import { pageSizesFor, useList, useListParams, type ListParamsOptions } from "../lib/useList";
import type { DataTableProps } from "./DataTable";
import type { ToolbarFilter } from "./ListToolbar";
import { useSnackbar } from "./Snackbar";
import { useDeleteWithConfirm, type DeleteOptions } from "./useDeleteWithConfirm";

type Defaults = Record<string, string | number>;
/** The parameters of a list with paging only. */
export type NoFilters = Record<never, never>;
export type Params<D extends Defaults> = D & { page: number; limit: number };

export interface ListControllerOptions<T, D extends Defaults> extends ListParamsOptions {
  /** The list call; null holds the fetch back (say, until the signed-in user is known). */
  call: string | null;
  /** Every parameter the list uses, with its default; `limit` is the default page size. */
  defaults: D & { limit: number };
  /** The call's body from the parameters; the parameters themselves when left out. */
  body?: (params: Params<D>) => object;
  /** More SWR options, such as a refresh interval while some row is still open. */
  swr?: SWRConfiguration<ListAnswer<T>>;
  /** Delete with confirmation: the dialog's texts, the delete call, the failure texts. */
  remove?: Omit<DeleteOptions<T>, "onDeleted">;
  /** Runs after a save or a delete, before the reload (items go back to their fixed search and sort). */
  onChanged?: () => void;
}

/** The row a dialog edits: `row` null adds a new one. */
export interface Editing<T> {
  row: T | null;
}

/**
 * One admin list's wiring, after react-admin's useListController: parameters in the URL (page, size,
 * search, filters, sort), the SWR fetch, page-size choices, delete with confirmation, the edit dialog's
 * state and the reload after a save or a delete. A page keeps only its columns, filters and dialog.
 */
export function useListController<T, D extends Defaults>(options: ListControllerOptions<T, D>) {
  const { call, defaults, body, swr, remove: removeOptions, onChanged } = options;
  const [params, update] = useListParams<D>(defaults, { scope: options.scope, inUrl: options.inUrl });
  // The shared setters below name keys every list has (page, limit) or checks (search, a filter key).
  const set = update as (patch: Record<string, string | number>) => void;
  const list = useList<T>(call, body ? body(params) : params, swr);
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<Editing<T> | null>(null);

  const reload = async () => {
    onChanged?.();
    await list.mutate();
  };

  const remove = useDeleteWithConfirm<T>(removeOptions && { ...removeOptions, onDeleted: reload });

  const rows = list.data?.data;
  const total = list.data?.total ?? 0;
  const totalCapped = list.data?.totalCapped === true;
  const pageSizes = pageSizesFor(defaults.limit);
  const setPage = (page: number) => set({ page });
  const setLimit = (limit: number) => set({ limit });

  /** The props of a DataTable showing this list (the caller adds columns, rowKey, texts). */
  const tableProps: Pick<
    DataTableProps<T>,
    "rows" | "total" | "totalCapped" | "page" | "limit" | "onPage" | "onLimit" | "pageSizes" | "loading" | "error" | "onRetry"
  > = {
    rows,
    total,
    totalCapped,
    page: params.page,
    limit: params.limit,
    onPage: setPage,
    onLimit: setLimit,
    pageSizes,
    loading: list.isValidating,
    error: list.error,
    onRetry: () => void list.mutate(),
  };

  return {
    params,
    update,
    /** The whole answer, for lists whose answer carries more than rows (a balance). */
    data: list.data,
    rows,
    total,
    totalCapped,
    pageSizes,
    loading: list.isValidating,
    error: list.error as unknown,
    setPage,
    setLimit,
    /** The search in force ("" for a list without one), and how to change it (back to page 1). */
    search: String(params.search ?? ""),
    setSearch: (search: string) => set({ search }),
    /** A select of the toolbar bound to the parameter `key`; a change goes back to page 1. */
    filter: (key: keyof D & string): Pick<ToolbarFilter, "value" | "onChange"> => ({
      value: String(params[key] ?? ""),
      onChange: (value) => set({ [key]: value }),
    }),
    /** Fetches the list again (after a change elsewhere on the page). */
    reload,
    /** Asks, deletes, shows the answer and reloads (nothing when the user declines, or without `remove`). */
    remove,
    /** The row the edit dialog shows, or null when it is closed. */
    editing,
    edit: (row: T) => setEditing({ row }),
    create: () => setEditing({ row: null }),
    closeEdit: () => setEditing(null),
    /** A dialog saved: its answer's message as a notice, the dialog closed, the list reloaded. */
    saved: (message: string) => {
      snackbar.success(message);
      setEditing(null);
      void reload();
    },
    /** A dialog's save failed: the text as an error notice (the dialog stays open). */
    failed: (text: string) => snackbar.error(text),
    tableProps,
  };
}

export type ListController<T, D extends Defaults = Defaults> = ReturnType<typeof useListController<T, D>>;
