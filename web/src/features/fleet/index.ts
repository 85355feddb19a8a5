import type { AppRoute, NavItem } from "../../lib/feature";

const readFleet = { action: "read", subject: "Fleet" } as const;
const dashboardPage = () => import("./pages/LogisticsDashboardPage");

export const routes: AppRoute[] = [
  {
    path: "/apps/logistics/fleet",
    name: "apps-logistics-fleet",
    title: "fleet:title",
    page: () => import("./pages/FleetPage"),
    meta: readFleet,
  },
  {
    path: "/apps/logistics/dashboard",
    name: "apps-logistics-dashboard",
    title: "fleet:dashboardTitle",
    page: dashboardPage,
    meta: readFleet,
  },
  {
    path: "/dashboards/logistics",
    name: "dashboards-logistics",
    title: "fleet:dashboardTitle",
    page: dashboardPage,
    meta: readFleet,
  },
];

export const nav: NavItem[] = [
  {
    title: "fleet:menu",
    icon: "truck",
    ...readFleet,
    section: "apps",
    order: 40,
    children: [
      { title: "fleet:menuDashboard", to: "/apps/logistics/dashboard", icon: "chart", ...readFleet, section: "apps", order: 10 },
      { title: "fleet:menuFleet", to: "/apps/logistics/fleet", icon: "truck", ...readFleet, section: "apps", order: 20 },
    ],
  },
  { title: "fleet:menuLogistics", to: "/dashboards/logistics", icon: "truck", ...readFleet, section: "dashboards", order: 40 },
];
