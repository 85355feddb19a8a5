import type { ListRow } from "../../lib/api";
import type { SEARCH_COUPON } from "./api";

/** A coupon as the API shows it, with its computed status. */
export type Coupon = ListRow<typeof SEARCH_COUPON>;
export type CouponStatus = Coupon["couponStatus"];
