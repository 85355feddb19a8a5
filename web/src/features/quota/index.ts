import type { AppRoute } from "../../lib/feature";

export const readQuota = { action: "read", subject: "Quota" } as const;

export const routes: AppRoute[] = [
  { path: "/portal/quota", title: "quota:title", page: () => import("./pages/QuotaPage"), meta: readQuota },
];
