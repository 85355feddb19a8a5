import useSWR from "swr";
import type { ListAnswer } from "../../../lib/api";
import { fetchList, listKey } from "../../../lib/listParams";
import { SEARCH_HISTORY } from "./historyList";
import type { HistoryEntry } from "../types";

/** While any listed job is still queued, the list asks again this often. */
export const OPEN_JOBS_REFRESH_MS = 10_000;

/**
 * search-history with SWR. The list refreshes itself while it shows an open (queued) job, so a
 * result appears without a reload; failures are logged (spec section 8) and shown as an error state.
 */
export function useHistoryList(params: object) {
  return useSWR<ListAnswer<HistoryEntry>>(listKey(SEARCH_HISTORY, params), fetchList<ListAnswer<HistoryEntry>>, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    refreshInterval: (latest) => (latest?.data.some((h) => h.fileData.status === 0) ? OPEN_JOBS_REFRESH_MS : 0),
    onError: () => console.error("Network response was not ok"),
  });
}
