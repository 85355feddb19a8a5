import type { ListAnswerOf } from "../../lib/api";

export const SEARCH_HISTORY = "search-history";

/** The back-office jobs list's parameters and defaults (the page's and what its route preloads). */
export const HISTORY_ADMIN_LIST = { limit: 10, search: "", userId: "", selectedVendor: "", vendorId: "", status: "" };

/** While any listed job is still queued, the list asks again this often. */
export const OPEN_JOBS_REFRESH_MS = 10_000;

/**
 * search-history's SWR refresh: the list refreshes itself while it shows an open (queued) job, so a
 * result appears without a reload.
 */
export const refreshWhileOpen = (latest?: ListAnswerOf<typeof SEARCH_HISTORY>) =>
  latest?.data.some((h) => h.fileData.status === 0) ? OPEN_JOBS_REFRESH_MS : 0;
