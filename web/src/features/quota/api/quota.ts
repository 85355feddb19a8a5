import { api, type ListAnswer } from "../../../lib/api";

export interface LedgerRow {
  ledgerId: number;
  delta: number;
  reason: "grant" | "spend" | "refund" | "redeem" | "adjust";
  ref: string | null;
  note: string;
  createdAt: string;
}

export type QuotaAnswer = ListAnswer<LedgerRow> & { userQuota: number };

export const SEARCH_QUOTA = "search-quota";

export const redeemCoupon = (couponCode: string) => api<{ message: string; userQuota: number }>("redeem-coupon", { couponCode });
