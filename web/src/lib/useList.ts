import { useCallback, useMemo, useState } from "react";
import useSWR, { type SWRConfiguration } from "swr";
import { useSearchParams } from "wouter";
import { api, type CallInput, type ListAnswerOf, type ListCallName } from "./api";
import { listKey, listParamsFrom, scoped } from "./listParams";
import { SWR_DEFAULTS } from "./swr";

/** Page-size choices (spec section 9). */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;

/** The size choices of a list: the spec's, plus the list's own default (12 for items and bundles, issue 15). */
export function pageSizesFor(defaultLimit: number): number[] {
  return [...new Set<number>([...PAGE_SIZES, defaultLimit])].sort((a, b) => a - b);
}

export type ListParams = Record<string, string | number | undefined> & { page: number; limit: number };

type Patch<D> = Partial<Record<keyof D | "page" | "limit", string | number>>;

export interface ListParamsOptions {
  /**
   * Two lists on one page keep apart: with scope "item" the URL says itemPage, itemLimit, … and a
   * change of one list sends only its own page back to 1.
   */
  scope?: string;
  /** false: the parameters live in the component instead of the URL (a tab holding several lists). */
  inUrl?: boolean;
}

/** Applies a patch to stored parameters; any change but the page itself goes back to page 1. */
function applyPatch(current: URLSearchParams, patch: Record<string, unknown>, defaults: Record<string, unknown>, scope?: string) {
  const next = new URLSearchParams(current);
  const merged: Record<string, unknown> = { ...patch };
  if (!("page" in patch)) merged.page = 1;
  for (const [key, value] of Object.entries(merged)) {
    const fallback = key === "page" ? 1 : defaults[key];
    if (value === undefined || value === "" || value === fallback) next.delete(scoped(scope, key));
    else next.set(scoped(scope, key), String(value));
  }
  return next;
}

/**
 * List parameters (page, limit, search, filters, sort) kept in the URL, so a reload or a shared link
 * shows the same list. `defaults` names every parameter the page uses, with its default.
 */
export function useListParams<D extends Record<string, string | number>>(
  defaults: D & { limit: number },
  { scope, inUrl = true }: ListParamsOptions = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const stored = inUrl ? searchParams : local;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults and scope are literals per page
  const params = useMemo(() => listParamsFrom(defaults, stored, scope), [stored]);

  const update = useCallback(
    (patch: Patch<D>) => {
      const change = (current: URLSearchParams) => applyPatch(current, patch, defaults, scope);
      if (inUrl) setSearchParams(change, { replace: true });
      else setLocal(change);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults, scope and inUrl are literals per page
    [setSearchParams],
  );
  return [params, update] as const;
}

/** A filter's string values, as the URL holds them: the server validates them, so any string may go out. */
type Widen<V> = V extends string ? string : V;
export type UrlParams<T> = { [K in keyof T]: Widen<T[K]> };

/** `api` for lists: filters read from the URL may be any string, which the server validates. */
const fetchList = api as <N extends ListCallName>(name: N, body: UrlParams<CallInput<N>>) => Promise<ListAnswerOf<N>>;

export interface ListFetchOptions<N extends ListCallName> extends SWRConfiguration<ListAnswerOf<N>> {
  /** A change fetches again without sending anything new (another part of the page changed the list). */
  revision?: number;
}

/**
 * Fetches a list call with SWR; search failures are logged (spec section 8) and shown as an error state.
 * `params` is the call's input (filters may be any string, as read from the URL); `options` adds SWR
 * options (a refresh interval) and a `revision`.
 */
export function useList<N extends ListCallName>(
  call: N | null,
  params: UrlParams<CallInput<N>>,
  { revision, ...options }: ListFetchOptions<N> = {},
) {
  const refresh = options.refreshInterval;
  const swr = useSWR<ListAnswerOf<N>>(
    call ? listKey(call, params, revision) : null,
    ([name, body]: [N, UrlParams<CallInput<N>>]) => fetchList(name, body),
    {
      ...SWR_DEFAULTS,
      keepPreviousData: true,
      onError: () => console.error("Network response was not ok"),
      ...options,
      // SWR re-reads a refresh function only when it changes: a new one each render asks it after every answer.
      ...(typeof refresh === "function" && { refreshInterval: (latest?: ListAnswerOf<N>) => refresh(latest) }),
    },
  );
  return swr;
}
