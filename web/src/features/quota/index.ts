import type { AppRoute, NavItem } from "../../lib/feature";

const readQuota = { action: "read", subject: "Quota" } as const;

export const routes: AppRoute[] = [
  { path: "/portal/quota", name: "portal-quota", title: "quota:title", page: () => import("./pages/QuotaPage"), meta: readQuota },
];

export const nav: NavItem[] = [
  { title: "quota:menu", to: "/portal/quota", icon: "coins", ...readQuota, section: "portal", order: 40 },
];
