import type { AppRoute, FirstCall, NavItem, PreloadContext } from "../../lib/feature";
import { fetchDashboardStats, rangeOf, statsKey } from "./preload";

/** Every dashboard asks for the figures of the range its address names. */
function statsPreload({ search }: PreloadContext): FirstCall[] {
  const range = rangeOf(search);
  return [{ key: statsKey(range), fetch: () => fetchDashboardStats(range) }];
}

export const routes: AppRoute[] = [
  {
    path: "/portal/dashboard",
    name: "portal-dashboard",
    title: "dashboard:pageTitle",
    page: () => import("./pages/PortalDashboardPage"),
    meta: { action: "read", subject: "Portal" },
    preload: statsPreload,
  },
  {
    path: "/access-control",
    name: "access-control",
    title: "dashboard:access.title",
    page: () => import("./pages/AccessControlPage"),
    meta: { action: "read", subject: "AclDemo" },
  },
  {
    path: "/dashboards/crm",
    name: "dashboards-crm",
    title: "dashboard:crmTitle",
    page: () => import("./pages/CrmDashboardPage"),
    meta: { action: "manage", subject: "all" },
    preload: statsPreload,
  },
  {
    path: "/dashboards/analytics",
    name: "dashboards-analytics",
    title: "dashboard:analyticsTitle",
    page: () => import("./pages/AnalyticsPage"),
    meta: { action: "manage", subject: "all" },
    preload: statsPreload,
  },
];

export const nav: NavItem[] = [
  {
    title: "dashboard:portalHome",
    to: "/portal/dashboard",
    icon: "home",
    action: "read",
    subject: "Portal",
    section: "dashboards",
    order: 10,
  },
  {
    title: "dashboard:accessHome",
    to: "/access-control",
    icon: "shield",
    action: "read",
    subject: "AclDemo",
    section: "dashboards",
    order: 15,
  },
  {
    title: "dashboard:crm",
    to: "/dashboards/crm",
    icon: "chart",
    action: "manage",
    subject: "all",
    section: "dashboards",
    order: 20,
  },
  {
    title: "dashboard:analytics",
    to: "/dashboards/analytics",
    icon: "dashboard",
    action: "manage",
    subject: "all",
    section: "dashboards",
    order: 30,
  },
];
