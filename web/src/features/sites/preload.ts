export const SEARCH_SITE = "searchsite";
/** The sites list's parameters and defaults (the page's and what its route preloads). */
export const SITE_LIST = { limit: 10, search: "", selectedStatus: "" };
