import { useCallback, useMemo } from "react";
import useSWR from "swr";
import { useSearchParams } from "wouter";
import type { ListAnswer } from "./api";
import { fetchList, listKey, listParamsFrom, type ListDefaults } from "./listParams";
import { SWR_DEFAULTS } from "./swr";

/** Page-size choices (spec section 9). */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;

export type ListParams = Record<string, string | number | undefined> & { page: number; limit: number };

/**
 * List parameters kept in the URL (page, limit, search, filters, sort), so a reload or a shared link
 * shows the same list. `defaults` names every parameter the page uses, with its default.
 */
export function useListParams<D extends ListDefaults>(defaults: D) {
  const [searchParams, setSearchParams] = useSearchParams();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal per page
  const params = useMemo(() => listParamsFrom(defaults, searchParams), [searchParams]);

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

/** Fetches a list call with SWR; search failures are logged (spec section 8) and shown as an error state. */
export function useList<T>(call: string | null, params: object) {
  const swr = useSWR<ListAnswer<T>>(call ? listKey(call, params) : null, fetchList<ListAnswer<T>>, {
    ...SWR_DEFAULTS,
    keepPreviousData: true,
    onError: () => console.error("Network response was not ok"),
  });
  return swr;
}
