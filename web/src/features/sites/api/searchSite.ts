import { api, type ListAnswer } from "../../../lib/api";
import type { Site } from "../types";

export const SEARCH_SITE = "searchsite";

export const searchSite = (body: { search: string; selectedStatus?: string; page: number; limit: number }) =>
  api<ListAnswer<Site>>(SEARCH_SITE, body);
