import { api } from "../../../lib/api";

export const SEARCH_VENDOR = "searchvendor";

/** Sites for the site filter and the form's site choice. */
export const searchSiteOptions = () => api("searchsite", { limit: 100, page: 1 });
