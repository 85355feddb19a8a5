import type { AppRoute } from "../../lib/feature";

export const readOutbox = { action: "read", subject: "Outbox" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/outbox",
    title: "outbox:title",
    page: () => import("./pages/OutboxPage"),
    meta: readOutbox,
  },
];
