import type { AppRoute } from "../../lib/feature";

export const storeSettings = { action: "manage", subject: "StoreSettings" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/settings",
    title: "storesettings:title",
    page: () => import("./pages/StoreSettingsPage"),
    meta: storeSettings,
  },
];
