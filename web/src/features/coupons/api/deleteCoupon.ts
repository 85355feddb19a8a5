import { api } from "../../../lib/api";

export function deleteCoupon(couponId: number) {
  return api("deletecoupon", { couponId });
}
