export const SEARCH_COUPON = "search-coupon";
