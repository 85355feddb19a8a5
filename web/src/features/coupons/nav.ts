import type { NavItem } from "../../lib/feature";
import { readCoupons } from "./index";

export const nav: NavItem[] = [
  { title: "coupons:menu", to: "/portal/coupon", icon: "ticket", ...readCoupons, section: "admin", order: 50 },
];
