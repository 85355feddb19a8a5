import { api, type ListAnswer } from "../../../lib/api";
import type { Site } from "../types";

export const SEARCH_SITE = "searchsite";
/** The sites list's parameters and defaults (the page's and what its route preloads). */
export const SITE_LIST = { limit: 10, search: "", selectedStatus: "" };

export const searchSite = (body: { search: string; selectedStatus?: string; page: number; limit: number }) =>
  api<ListAnswer<Site>>(SEARCH_SITE, body);
