import { api, uploadWithProgress, type CallAnswer } from "../../../lib/api";

export type SubmittedJob = CallAnswer<"submit-job">;

export function siteUse(siteId: number) {
  return api("site-use", { siteId });
}

export function submitJob(siteId: number, file: File, onProgress: (fraction: number) => void) {
  return uploadWithProgress("submit-job", { siteId, file }, onProgress);
}
