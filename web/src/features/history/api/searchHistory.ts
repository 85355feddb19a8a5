import useSWR from "swr";
import { api, type CallInput } from "../../../lib/api";
import type { UrlParams } from "../../../lib/useList";

export const SEARCH_HISTORY = "search-history";

/** While any listed job is still queued, the list asks again this often. */
export const OPEN_JOBS_REFRESH_MS = 10_000;

/**
 * search-history with SWR. The list refreshes itself while it shows an open (queued) job, so a
 * result appears without a reload; failures are logged (spec section 8) and shown as an error state.
 */
export function useHistoryList(params: UrlParams<CallInput<typeof SEARCH_HISTORY>>) {
  return useSWR(
    [SEARCH_HISTORY, params],
    // Filters read from the URL may be any string: the server validates them.
    ([name, body]: [typeof SEARCH_HISTORY, typeof params]) => api(name, body as CallInput<typeof SEARCH_HISTORY>),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      refreshInterval: (latest) => (latest?.data.some((h) => h.fileData.status === 0) ? OPEN_JOBS_REFRESH_MS : 0),
      onError: () => console.error("Network response was not ok"),
    },
  );
}
