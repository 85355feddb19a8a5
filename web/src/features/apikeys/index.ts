import type { AppRoute } from "../../lib/feature";

export const readKeys = { action: "read", subject: "ApiKey" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/api-keys",
    title: "apikeys:title",
    page: () => import("./pages/ApiKeysPage"),
    meta: readKeys,
  },
];
