import { toFormData, uploadWithProgress } from "../../../lib/api";
import type { Site } from "../types";

export interface SiteForm {
  siteId: number;
  siteName: string;
  siteDesc: string;
  sitePrice: string;
  /** "" until chosen, so the form can tell a missing choice (spec section 5). */
  siteIsUse: "" | "true" | "false";
  siteImageNew: File | null;
}

/** Multipart save (spec section 7) with upload progress for the image. */
export function updateSite(form: SiteForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress<{ message: string; site: Site }>("updatesite", toFormData({ ...form }), onProgress);
}
