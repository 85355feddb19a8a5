import { api, type CallAnswer } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

/** What the page shows before sending: the site, its price, the caller's balance and the size limit. */
export type SiteUse = CallAnswer<"site-use">;
export type SubmittedJob = CallAnswer<"submit-job">;

export function siteUse(siteId: number) {
  return api("site-use", { siteId });
}

export function submitJob(siteId: number, file: File, onProgress: (fraction: number) => void) {
  return uploadWithProgress("submit-job", { siteId, file }, onProgress);
}
