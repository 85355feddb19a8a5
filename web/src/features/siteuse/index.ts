import type { AppRoute } from "../../lib/feature";

export const routes: AppRoute[] = [
  {
    path: "/portal/site/use/:siteId",
    title: "siteuse:pageTitle",
    page: () => import("./pages/SiteUsePage"),
    meta: { action: "create", subject: "History", navActiveLink: "/portal/site" },
  },
];
