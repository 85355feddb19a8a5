import type { AppRoute } from "../../lib/feature";

/**
 * Account settings: the account and security tabs. The billing tab
 * (/pages/account-settings/billing) is a route of the commerce feature; the tab bar links all three.
 */
const meta = { action: "read", subject: "Profile", navActiveLink: "/pages/account-settings/account" } as const;

export const routes: AppRoute[] = [
  {
    path: "/pages/account-settings/account",
    title: "account:menuTitle",
    page: () => import("./pages/AccountTabPage"),
    meta,
  },
  {
    path: "/pages/account-settings/security",
    title: "account:securityTitle",
    page: () => import("./pages/SecurityTabPage"),
    meta,
  },
];
