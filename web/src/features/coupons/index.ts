import type { AppRoute, NavItem } from "../../app/types";

const readCoupons = { action: "read", subject: "Coupon" } as const;

export const routes: AppRoute[] = [
  { path: "/portal/coupon", name: "portal-coupon", page: () => import("./pages/CouponPage"), meta: readCoupons },
];

export const nav: NavItem[] = [
  { title: "coupons:menu", to: "/portal/coupon", icon: "ticket", ...readCoupons, section: "admin", order: 50 },
];
