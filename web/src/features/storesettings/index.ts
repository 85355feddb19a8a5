import type { AppRoute, NavItem } from "../../lib/feature";

const storeSettings = { action: "manage", subject: "StoreSettings" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/settings",
    name: "apps-ecommerce-settings",
    title: "storesettings:title",
    page: () => import("./pages/StoreSettingsPage"),
    meta: storeSettings,
  },
];

export const nav: NavItem[] = [
  { title: "storesettings:menu", to: "/apps/ecommerce/settings", icon: "settings", ...storeSettings, section: "apps", order: 90 },
];
