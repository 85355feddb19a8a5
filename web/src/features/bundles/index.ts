import type { AppRoute, NavItem } from "../../app/types";

const readBundles = { action: "read", subject: "Bundle" } as const;

export const routes: AppRoute[] = [
  { path: "/portal/bundle", name: "portal-bundle", page: () => import("./pages/BundlePage"), meta: readBundles },
];

export const nav: NavItem[] = [
  { title: "bundles:menu", to: "/portal/bundle", icon: "coins", ...readBundles, section: "portal", order: 20 },
];
