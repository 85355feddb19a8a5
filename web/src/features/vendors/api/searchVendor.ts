import { api, type ListAnswer } from "../../../lib/api";
import type { SiteOption, Vendor } from "../types";

export const SEARCH_VENDOR = "searchvendor";

export const searchVendor = (body: {
  search: string;
  selectedVendor: string;
  selectedStatus: string;
  page: number;
  limit: number;
}) => api<ListAnswer<Vendor>>(SEARCH_VENDOR, body);

/** Sites for the site filter and the form's site choice. */
export const searchSiteOptions = () => api<ListAnswer<SiteOption>>("searchsite", { limit: 100, page: 1 });
