import { api, type ListAnswer } from "../../../lib/api";
import type { Coupon } from "../types";

export const SEARCH_COUPON = "search-coupon";

export const searchCoupon = (body: { search: string; status: string; page: number; limit: number }) =>
  api<ListAnswer<Coupon>>(SEARCH_COUPON, body);
