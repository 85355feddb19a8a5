import { api } from "../../lib/api";
import type { LoginMethod } from "./types";

export function deleteVendor(vendorId: number) {
  return api("deletevendor", { vendorId });
}

export const SEARCH_VENDOR = "searchvendor";

/** Sites for the site filter and the form's site choice. */
export const searchSiteOptions = () => api("searchsite", { limit: 100, page: 1 });

export interface VendorForm {
  vendorId: number;
  vendorSiteID: string;
  vendorName: string;
  vendorIsActive: boolean;
  loginMethod: LoginMethod;
  vendorValue: string;
  vendorEmail: string;
  vendorPassword: string;
}

/**
 * The body sends only the chosen method's credentials (spec section 4); a blank secret is left out
 * so the server keeps the stored one.
 */
export function vendorBody(form: VendorForm) {
  const base = {
    vendorId: form.vendorId,
    vendorSiteID: Number(form.vendorSiteID),
    vendorName: form.vendorName,
    vendorIsActive: form.vendorIsActive,
    loginMethod: form.loginMethod,
  };
  if (form.loginMethod === "cookie") return { ...base, ...(form.vendorValue ? { vendorValue: form.vendorValue } : {}) };
  return { ...base, vendorEmail: form.vendorEmail, ...(form.vendorPassword ? { vendorPassword: form.vendorPassword } : {}) };
}

export function updateVendor(form: VendorForm) {
  return api("updatevendor", vendorBody(form));
}
