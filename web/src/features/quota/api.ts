import { api, type ListRow } from "../../lib/api";

export const SEARCH_QUOTA = "search-quota";

export type LedgerRow = ListRow<typeof SEARCH_QUOTA>;

export const redeemCoupon = (couponCode: string) => api("redeem-coupon", { couponCode });
