export const SEARCH_COUPON = "search-coupon";
/** The coupons list's parameters and defaults (the page's and what its route preloads). */
export const COUPON_LIST = { limit: 10, search: "", status: "" };
