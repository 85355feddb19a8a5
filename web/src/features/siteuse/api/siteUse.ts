import { api, uploadWithProgress } from "../../../lib/api";

export interface SiteUse {
  site: {
    siteId: number;
    siteName: string;
    siteDesc: string;
    sitePrice: number;
    siteImage: string | null;
    /** False while the site has no active vendor account. */
    available: boolean;
  };
  userQuota: number;
  maxFileSize: number;
}

export function siteUse(siteId: number) {
  return api<SiteUse>("site-use", { siteId });
}

export interface SubmittedJob {
  message: string;
  history: { fileName: string; pointsSpent: number; fileData: { uniqueId: string; status: number } };
}

export function submitJob(siteId: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append("siteId", String(siteId));
  form.append("file", file);
  return uploadWithProgress<SubmittedJob>("submit-job", form, onProgress);
}
