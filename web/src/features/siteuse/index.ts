import type { AppRoute, NavItem } from "../../lib/feature";

export const routes: AppRoute[] = [
  {
    path: "/portal/site/use/:siteId",
    name: "portal-site-use-siteId",
    title: "siteuse:pageTitle",
    page: () => import("./pages/SiteUsePage"),
    meta: { action: "create", subject: "History", navActiveLink: "/portal/site" },
  },
];

/** Reached from a site's "Use this site" link on /portal/site, so it has no menu entry of its own. */
export const nav: NavItem[] = [];
