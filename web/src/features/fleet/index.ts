import type { AppRoute } from "../../lib/feature";

export const meta = { action: "read", subject: "Fleet" } as const;
// One dynamic import for the three routes: each import() site costs the first load its preload list.
const pages = () => import("./pages/LogisticsPages");
const fleet = () => pages().then((m) => ({ default: m.FleetPage }));
const dashboard = () => pages().then((m) => ({ default: m.LogisticsDashboardPage }));

export const routes: AppRoute[] = [
  { path: "/apps/logistics/fleet", title: "fleet:title", page: fleet, meta },
  { path: "/apps/logistics/dashboard", title: "fleet:dashboardTitle", page: dashboard, meta },
  { path: "/dashboards/logistics", title: "fleet:dashboardTitle", page: dashboard, meta },
];

// The dashboard of /apps/logistics is reached from the fleet page's header.
