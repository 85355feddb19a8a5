import { listPreload } from "../../lib/listPreload";
import type { AppRoute } from "../../lib/feature";
import { COUPON_LIST, SEARCH_COUPON } from "./preload";

export const readCoupons = { action: "read", subject: "Coupon" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/coupon",
    title: "coupons:title",
    page: () => import("./pages/CouponPage"),
    meta: readCoupons,
    preload: listPreload(SEARCH_COUPON, COUPON_LIST),
  },
];
