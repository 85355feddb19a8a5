/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { downloadFile as download } from "../../lib/download";
import { api, type CallInput } from "../../lib/api";
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

export type FinishJob = CallInput<"update-history">;

export function updateHistory(input: FinishJob) {
  return apiForm("update-history", input);
}
