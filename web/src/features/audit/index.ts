import type { AppRoute } from "../../lib/feature";

export const readAudit = { action: "read", subject: "Audit" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/audit-log",
    title: "audit:title",
    page: () => import("./pages/AuditPage"),
    meta: readAudit,
  },
];
