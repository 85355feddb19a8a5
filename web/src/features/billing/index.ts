import type { AppRoute } from "../../lib/feature";

export const routes: AppRoute[] = [
  {
    path: "/pages/account-settings/billing",
    title: "billing:pageTitle",
    page: () => import("./pages/BillingTabPage"),
    meta: { action: "read", subject: "Payment", navActiveLink: "/pages/account-settings/account" },
  },
];
