import type { AppRoute, NavItem } from "../../lib/feature";

const manageReferrals = { action: "manage", subject: "Referral" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/referrals",
    name: "apps-ecommerce-referrals",
    title: "referrals:title",
    page: () => import("./pages/ReferralsPage"),
    meta: manageReferrals,
  },
];

export const nav: NavItem[] = [
  { title: "referrals:menu", to: "/apps/ecommerce/referrals", icon: "gift", ...manageReferrals, section: "apps", order: 60 },
];
