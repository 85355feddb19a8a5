import type { AppRoute, NavItem } from "../../lib/feature";

const readAudit = { action: "read", subject: "Audit" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/audit-log",
    name: "apps-audit-log",
    title: "audit:title",
    page: () => import("./pages/AuditPage"),
    meta: readAudit,
  },
];

export const nav: NavItem[] = [
  { title: "audit:menu", to: "/apps/audit-log", icon: "audit", ...readAudit, section: "admin", order: 60 },
];
