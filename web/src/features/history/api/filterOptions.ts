import { api, type ListAnswer } from "../../../lib/api";

export interface SiteOption {
  siteId: number;
  siteName: string;
}

export interface VendorOption {
  vendorId: number;
  vendorName: string;
}

/** Sites for the vendor filter (the largest page the API allows). */
export function searchSiteOptions() {
  return api<ListAnswer<SiteOption>>("searchsite", { search: "", limit: 100, page: 1 });
}

/** The vendor accounts of one site. */
export function searchVendorOptions(siteId: number) {
  return api<ListAnswer<VendorOption>>("searchvendor", { search: "", selectedVendor: siteId, limit: 100, page: 1 });
}
