import { uploadWithProgress } from "../../../lib/upload";

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
