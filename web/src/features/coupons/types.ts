export type CouponStatus = "unused" | "used" | "expired";

/** A coupon as the API shows it (API.md Entities, plus its computed status). */
export interface Coupon {
  couponId: number;
  couponCode: string;
  couponQuota: number;
  couponExpired: string;
  couponUsed: "N" | "Y";
  couponUsedDate: string | null;
  couponUsedBy: number | null;
  couponUsedByName: string | null;
  couponStatus: CouponStatus;
}
