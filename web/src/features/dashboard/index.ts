import type { AppRoute, FirstCall, PreloadContext } from "../../lib/feature";
import { fetchDashboardStats, rangeOf, statsKey } from "./preload";

/** Every dashboard asks for the figures of the range its address names. */
function statsPreload({ search }: PreloadContext): FirstCall[] {
  const range = rangeOf(search);
  return [{ key: statsKey(range), fetch: () => fetchDashboardStats(range) }];
}

export const routes: AppRoute[] = [
  {
    path: "/portal/dashboard",
    title: "dashboard:pageTitle",
    page: () => import("./pages/PortalDashboardPage"),
    meta: { action: "read", subject: "Portal" },
    preload: statsPreload,
  },
  {
    path: "/access-control",
    title: "dashboard:access.title",
    page: () => import("./pages/AccessControlPage"),
    meta: { action: "read", subject: "AclDemo" },
  },
  {
    path: "/dashboards/crm",
    title: "dashboard:crmTitle",
    page: () => import("./pages/CrmDashboardPage"),
    meta: { action: "manage", subject: "all" },
    preload: statsPreload,
  },
  {
    path: "/dashboards/analytics",
    title: "dashboard:analyticsTitle",
    page: () => import("./pages/AnalyticsPage"),
    meta: { action: "manage", subject: "all" },
    preload: statsPreload,
  },
];
