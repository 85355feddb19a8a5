export const SEARCH_BUNDLE = "searchbundle";
/** The bundles list's parameters and defaults (the page's and what its route preloads). */
export const BUNDLE_LIST = { limit: 12, isActive: "" };

/** What searchbundle is sent: managers filter by status; buyers see the active bundles, paged. */
export const bundleListBody = (params: typeof BUNDLE_LIST & { page: number }, canManage: boolean) =>
  canManage ? params : { page: params.page, limit: params.limit };
