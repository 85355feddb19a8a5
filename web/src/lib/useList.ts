import { useCallback, useMemo } from "react";
import useSWR from "swr";
import { useSearchParams } from "wouter";
import { api, type CallInput, type ListAnswerOf, type ListCallName } from "./api";
import { SWR_DEFAULTS } from "./swr";

/** Page-size choices (spec section 9). */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;

export type ListParams = Record<string, string | number | undefined> & { page: number; limit: number };

/**
 * List parameters kept in the URL (page, limit, search, filters, sort), so a reload or a shared link
 * shows the same list. `defaults` names every parameter the page uses, with its default.
 */
export function useListParams<D extends Record<string, string | number>>(defaults: D & { limit: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => {
    const out: Record<string, string | number> = { page: 1, ...defaults };
    for (const [key, fallback] of Object.entries(out)) {
      const raw = searchParams.get(key);
      if (raw === null) continue;
      out[key] = typeof fallback === "number" ? Number(raw) || fallback : raw;
    }
    return out as D & { page: number; limit: number };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal per page
  }, [searchParams]);

  /** Changes parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Partial<Record<keyof D | "page" | "limit", string | number>>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged: Record<string, unknown> = { ...patch };
          if (!("page" in patch)) merged.page = 1;
          for (const [key, value] of Object.entries(merged)) {
            const fallback = key === "page" ? 1 : (defaults as Record<string, unknown>)[key];
            if (value === undefined || value === "" || value === fallback) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal per page
    [setSearchParams],
  );
  return [params, update] as const;
}

/** A filter's string values, as the URL holds them: the server validates them, so any string may go out. */
type Widen<V> = V extends string ? string : V;
export type UrlParams<T> = { [K in keyof T]: Widen<T[K]> };

/** `api` for lists: filters read from the URL may be any string, which the server validates. */
const fetchList = api as <N extends ListCallName>(name: N, body: UrlParams<CallInput<N>>) => Promise<ListAnswerOf<N>>;

/**
 * Fetches a list call with SWR; search failures are logged (spec section 8) and shown as an error state.
 * `params` is the call's input (filters may be any string, as read from the URL); a change of `revision`
 * fetches again without sending anything new.
 */
export function useList<N extends ListCallName>(call: N | null, params: UrlParams<CallInput<N>>, revision?: number) {
  const swr = useSWR<ListAnswerOf<N>>(
    call ? [call, params, revision] : null,
    ([name, body]: [N, UrlParams<CallInput<N>>]) => fetchList(name, body),
    {
      ...SWR_DEFAULTS,
      keepPreviousData: true,
      onError: () => console.error("Network response was not ok"),
    },
  );
  return swr;
}
