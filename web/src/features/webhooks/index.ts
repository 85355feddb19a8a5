import type { AppRoute } from "../../lib/feature";

export const readWebhooks = { action: "read", subject: "Webhook" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/settings/webhooks",
    title: "webhooks:title",
    page: () => import("./pages/WebhooksPage"),
    meta: readWebhooks,
  },
];
