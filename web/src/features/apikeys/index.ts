import type { AppRoute, NavItem } from "../../lib/feature";

const readKeys = { action: "read", subject: "ApiKey" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/api-keys",
    name: "apps-api-keys",
    title: "apikeys:title",
    page: () => import("./pages/ApiKeysPage"),
    meta: readKeys,
  },
];

export const nav: NavItem[] = [
  { title: "apikeys:menu", to: "/apps/api-keys", icon: "apikey", ...readKeys, section: "admin", order: 80 },
];
