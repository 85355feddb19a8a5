import { downloadFile as download } from "../../lib/download";
import { api, type ListAnswerOf, type CallInput } from "../../lib/api";
import { apiForm } from "../../lib/upload";

/** Saves a report or a job's file (the `download` call). */
export function downloadFile(kind: "report" | "job-file", id: string, fallbackName: string): Promise<void> {
  return download(kind, id, fallbackName);
}

/** Sites for the vendor filter (the largest page the API allows). */
export function searchSiteOptions() {
  return api("searchsite", { search: "", limit: 100, page: 1 });
}

/** The vendor accounts of one site. */
export function searchVendorOptions(siteId: number) {
  return api("searchvendor", { search: "", selectedVendor: siteId, limit: 100, page: 1 });
}

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

export type FinishJob = CallInput<"update-history">;

export function updateHistory(input: FinishJob) {
  return apiForm("update-history", input);
}
