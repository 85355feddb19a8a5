import { useState } from "react";
import type { CallInput, ListCallName, ListRow } from "../lib/api";
import {
  pageSizesFor,
  useList,
  useListParams,
  type ListFetchOptions,
  type ListParamsOptions,
  type UrlParams,
} from "../lib/useList";
import type { DataTableProps } from "../components/DataTable";
import type { ToolbarFilter } from "../components/ListToolbar";
import { useDeleteWithConfirm, type DeleteOptions } from "./useDeleteWithConfirm";

type Defaults = Record<string, string | number>;
/** The parameters of a list with paging only. */
export type NoFilters = Record<never, never>;
export type Params<D extends Defaults> = D & { page: number; limit: number };

/** The body a list call takes, with filters as the URL holds them (any string: the server validates them). */
type ListBody<N extends ListCallName> = UrlParams<CallInput<N>>;

interface ControllerOptions<N extends ListCallName, D extends Defaults> extends ListParamsOptions {
  /** The list call; null holds the fetch back (say, until the signed-in user is known). */
  call: N | null;
  /** Every parameter the list uses, with its default; `limit` is the default page size. */
  defaults: D & { limit: number };
  /** More SWR options (a refresh interval while some row is still open) and a `revision` that fetches again. */
  swr?: ListFetchOptions<N>;
  /** Delete with confirmation: the dialog's texts, the delete call, the failure texts. */
  remove?: Omit<DeleteOptions<ListRow<N>>, "onDeleted">;
  /** Runs after a save or a delete, before the reload (items go back to their fixed search and sort). */
  onChanged?: () => void;
}

/** Whether the parameters are a body of the call as they stand: every key one the call takes, every value one it accepts. */
type ParamsAreBody<N extends ListCallName, D extends Defaults> = [Exclude<keyof Params<D>, keyof CallInput<N>>] extends [never]
  ? Params<D> extends ListBody<N>
    ? true
    : false
  : false;

/** The fields of a body that its call does not take, each typed `never`, so naming one fails to compile. */
type NoOtherFields<N extends ListCallName, B> = { [K in Exclude<keyof B, keyof CallInput<N>>]: never };

/**
 * The call's body from the parameters, with no field the call does not take. It may be left out only when
 * the parameters themselves are a body of the call; `NoInfer` keeps the call the one `call` names.
 */
type BodyOption<N extends ListCallName, D extends Defaults, B> =
  ParamsAreBody<N, D> extends true
    ? { body?: (params: Params<D>) => B & NoOtherFields<NoInfer<N>, B> }
    : { body: (params: Params<D>) => B & NoOtherFields<NoInfer<N>, B> };

export type ListControllerOptions<
  N extends ListCallName,
  D extends Defaults,
  B extends ListBody<N> = ListBody<N>,
> = ControllerOptions<N, D> & BodyOption<N, D, B>;

/** The row a dialog edits: `row` null adds a new one. */
export interface Editing<T> {
  row: T | null;
}

/**
 * One admin list's wiring, after react-admin's useListController: parameters in the URL (page, size,
 * search, filters, sort), the SWR fetch, page-size choices, delete with confirmation, the edit dialog's
 * state and the reload after a save or a delete. A page keeps only its columns, filters and dialog.
 * Typed by the contract: `call` names a list call, and the rows (table, cards, delete, dialog) are its rows.
 */
export function useListController<N extends ListCallName, D extends Defaults = NoFilters, B extends ListBody<N> = ListBody<N>>(
  options: ListControllerOptions<N, D, B>,
) {
  type T = ListRow<N>;
  const { call, defaults, swr, remove: removeOptions, onChanged } = options;
  const [params, update] = useListParams<D>(defaults, { scope: options.scope, inUrl: options.inUrl });
  // The shared setters below name keys every list has (page, limit) or checks (search, a filter key).
  const set = update as (patch: Record<string, string | number>) => void;
  // BodyOption lets `body` be left out only when the parameters are a body of the call.
  const body = options.body ? options.body(params) : (params as ListBody<N>);
  const list = useList(call, body, swr);
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
    /** A dialog saved (its form showed the answer's message, decision 0008): the dialog closed, the list reloaded. */
    saved: () => {
      setEditing(null);
      void reload();
    },
    tableProps,
  };
}

export type ListController<N extends ListCallName, D extends Defaults = Defaults> = ReturnType<typeof useListController<N, D>>;
