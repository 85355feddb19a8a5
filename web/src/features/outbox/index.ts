import type { AppRoute, NavItem } from "../../lib/feature";

const readOutbox = { action: "read", subject: "Outbox" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/outbox",
    name: "apps-outbox",
    title: "outbox:title",
    page: () => import("./pages/OutboxPage"),
    meta: readOutbox,
  },
];

export const nav: NavItem[] = [
  { title: "outbox:menu", to: "/apps/outbox", icon: "outbox", ...readOutbox, section: "admin", order: 70 },
];
