import type { AppRoute } from "../../lib/feature";

export const manageReferrals = { action: "manage", subject: "Referral" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/referrals",
    title: "referrals:title",
    page: () => import("./pages/ReferralsPage"),
    meta: manageReferrals,
  },
];
