import type { NavItem } from "../../lib/feature";
import { manageReferrals } from "./index";

export const nav: NavItem[] = [
  { title: "referrals:menu", to: "/apps/ecommerce/referrals", icon: "gift", ...manageReferrals, section: "apps", order: 60 },
];
