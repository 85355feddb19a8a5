/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
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
