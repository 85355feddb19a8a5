import type { AppRoute, NavItem } from "../../app/types";

export const routes: AppRoute[] = [
  {
    path: "/portal/dashboard",
    name: "portal-dashboard",
    page: () => import("./pages/PortalDashboardPage"),
    meta: { action: "read", subject: "Portal" },
  },
  {
    path: "/access-control",
    name: "access-control",
    page: () => import("./pages/PortalDashboardPage"),
    meta: { action: "read", subject: "AclDemo" },
  },
  {
    path: "/dashboards/crm",
    name: "dashboards-crm",
    page: () => import("./pages/PortalDashboardPage"),
    meta: { action: "manage", subject: "all" },
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
    title: "dashboard:crm",
    to: "/dashboards/crm",
    icon: "chart",
    action: "manage",
    subject: "all",
    section: "dashboards",
    order: 20,
  },
];
