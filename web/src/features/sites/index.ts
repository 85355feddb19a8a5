import { listPreload } from "../../lib/listPreload";
import type { AppRoute, NavItem } from "../../lib/feature";
import { SEARCH_SITE, SITE_LIST } from "./preload";

const readSites = { action: "read", subject: "Site" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/site",
    name: "portal-site",
    title: "sites:title",
    page: () => import("./pages/SitePage"),
    meta: readSites,
    preload: listPreload(SEARCH_SITE, SITE_LIST),
  },
];

export const nav: NavItem[] = [
  { title: "sites:menu", to: "/portal/site", icon: "world", ...readSites, section: "portal", order: 40 },
];
