import { listPreload } from "../../lib/listPreload";
import type { AppRoute, NavItem } from "../../lib/feature";
import { COUPON_LIST, SEARCH_COUPON } from "./preload";

const readCoupons = { action: "read", subject: "Coupon" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/coupon",
    name: "portal-coupon",
    title: "coupons:title",
    page: () => import("./pages/CouponPage"),
    meta: readCoupons,
    preload: listPreload(SEARCH_COUPON, COUPON_LIST),
  },
];

export const nav: NavItem[] = [
  { title: "coupons:menu", to: "/portal/coupon", icon: "ticket", ...readCoupons, section: "admin", order: 50 },
];
