import type { AppRoute, NavItem } from "../../app/types";

const readSites = { action: "read", subject: "Site" } as const;

export const routes: AppRoute[] = [
  { path: "/portal/site", name: "portal-site", page: () => import("./pages/SitePage"), meta: readSites },
];

export const nav: NavItem[] = [
  { title: "sites:menu", to: "/portal/site", icon: "world", ...readSites, section: "portal", order: 40 },
];
