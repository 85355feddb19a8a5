/** search-history's name and the back-office list's defaults: free of SWR, so the route can preload it. */
export const SEARCH_HISTORY = "search-history";

/** The back-office jobs list's parameters and defaults (the page's and what its route preloads). */
export const HISTORY_ADMIN_LIST = { limit: 10, search: "", userId: "", selectedVendor: "", vendorId: "", status: "" };
