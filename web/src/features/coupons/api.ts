import { api } from "../../lib/api";

export function deleteCoupon(couponId: number) {
  return api("deletecoupon", { couponId });
}

export interface GenerateForm {
  couponQuota: string;
  couponExpired: string;
  couponCount: string;
  couponPrefix: string;
}

export function generateCoupons(form: GenerateForm) {
  return api("generate-coupons", {
    couponQuota: Number(form.couponQuota),
    couponExpired: form.couponExpired,
    couponCount: form.couponCount.trim() === "" ? 1 : Number(form.couponCount),
    ...(form.couponPrefix.trim() ? { couponPrefix: form.couponPrefix.trim() } : {}),
  });
}

export const SEARCH_COUPON = "search-coupon";
/** The coupons list's parameters and defaults (the page's and what its route preloads). */
export const COUPON_LIST = { limit: 10, search: "", status: "" };
