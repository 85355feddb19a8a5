/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

export function deleteSite(siteId: number) {
  return api("deletesite", { siteId });
}

export interface SiteForm {
  siteId: number;
  siteName: string;
  siteDesc: string;
  sitePrice: string;
  /** "" until chosen, so the form can tell a missing choice (spec section 5). */
  siteIsUse: "" | "true" | "false";
  siteImageNew: File | null;
}

/** Multipart save (spec section 7) with upload progress for the image; the dialog has checked every required field. */
export function updateSite(form: SiteForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updatesite", { ...form, siteIsUse: form.siteIsUse === "true" }, onProgress);
}
