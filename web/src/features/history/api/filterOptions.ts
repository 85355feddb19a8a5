import { api } from "../../../lib/api";

/** Sites for the vendor filter (the largest page the API allows). */
export function searchSiteOptions() {
  return api("searchsite", { search: "", limit: 100, page: 1 });
}

/** The vendor accounts of one site. */
export function searchVendorOptions(siteId: number) {
  return api("searchvendor", { search: "", selectedVendor: siteId, limit: 100, page: 1 });
}
