import { api, type ListAnswer } from "../../../lib/api";
import type { Coupon } from "../types";

export const SEARCH_COUPON = "search-coupon";
/** The coupons list's parameters and defaults (the page's and what its route preloads). */
export const COUPON_LIST = { limit: 10, search: "", status: "" };

export const searchCoupon = (body: { search: string; status: string; page: number; limit: number }) =>
  api<ListAnswer<Coupon>>(SEARCH_COUPON, body);
