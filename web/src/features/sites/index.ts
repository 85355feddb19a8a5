import { listPreload } from "../../lib/listPreload";
import type { AppRoute } from "../../lib/feature";
import { SEARCH_SITE, SITE_LIST } from "./preload";

export const readSites = { action: "read", subject: "Site" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/site",
    title: "sites:title",
    page: () => import("./pages/SitePage"),
    meta: readSites,
    preload: listPreload(SEARCH_SITE, SITE_LIST),
  },
];
