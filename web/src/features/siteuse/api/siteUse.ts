import { api, type CallAnswer } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

export type SubmittedJob = CallAnswer<"submit-job">;

export function siteUse(siteId: number) {
  return api("site-use", { siteId });
}

export function submitJob(siteId: number, file: File, onProgress: (fraction: number) => void) {
  return uploadWithProgress("submit-job", { siteId, file }, onProgress);
}
