import { api, type CallAnswer, type ListRow } from "../../lib/api";

export const SEARCH_QUOTA = "search-quota";

export type LedgerRow = ListRow<typeof SEARCH_QUOTA>;

/** Points of a purchase that expire: what is left and when (search-quota's `expiries`). */
export type PointsExpiry = CallAnswer<typeof SEARCH_QUOTA>["expiries"][number];

export const redeemCoupon = (couponCode: string) => api("redeem-coupon", { couponCode });
