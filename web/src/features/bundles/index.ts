import { listPreload } from "../../lib/listPreload";
import type { AppRoute, NavItem } from "../../lib/feature";
import { BUNDLE_LIST, bundleListBody, SEARCH_BUNDLE } from "./preload";

const readBundles = { action: "read", subject: "Bundle" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/bundle",
    name: "portal-bundle",
    title: "bundles:title",
    page: () => import("./pages/BundlePage"),
    meta: readBundles,
    preload: listPreload(SEARCH_BUNDLE, BUNDLE_LIST, (params, { can }) => bundleListBody(params, can("manage", "Bundle"))),
  },
];

export const nav: NavItem[] = [
  { title: "bundles:menu", to: "/portal/bundle", icon: "coins", ...readBundles, section: "portal", order: 20 },
];
