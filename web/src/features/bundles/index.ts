import { listPreload } from "../../lib/listPreload";
import type { AppRoute } from "../../lib/feature";
import { BUNDLE_LIST, bundleListBody, SEARCH_BUNDLE } from "./preload";

export const readBundles = { action: "read", subject: "Bundle" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/bundle",
    title: "bundles:title",
    page: () => import("./pages/BundlePage"),
    meta: readBundles,
    preload: listPreload(SEARCH_BUNDLE, BUNDLE_LIST, (params, { can }) => bundleListBody(params, can("manage", "Bundle"))),
  },
];
