import type { AppRoute } from "../../lib/feature";

export const routes: AppRoute[] = [
  {
    path: "/not-authorized",
    title: "misc:notAuthorizedTitle",
    page: () => import("./pages/NotAuthorizedPage"),
    meta: { layout: "blank", public: true },
  },
  {
    path: "/pages/misc/not-authorized",
    title: "misc:notAuthorizedTitle",
    page: () => import("./pages/NotAuthorizedPage"),
    meta: { layout: "blank", public: true },
  },
  {
    path: "/pages/misc/coming-soon",
    title: "misc:comingSoonTitle",
    page: () => import("./pages/ComingSoonPage"),
    meta: { layout: "blank", public: true },
  },
  {
    path: "/pages/misc/under-maintenance",
    title: "misc:maintenanceTitle",
    page: () => import("./pages/UnderMaintenancePage"),
    meta: { layout: "blank", public: true },
  },
  {
    path: "/pages/misc/not-found/:error*",
    title: "misc:notFoundTitle",
    page: () => import("./pages/NotFoundPage"),
    meta: { layout: "blank", public: true },
  },
  {
    path: "/unsubscribe",
    title: "misc:unsubscribe.title",
    page: () => import("./pages/UnsubscribePage"),
    meta: { layout: "blank", public: true },
  },
];

/** The catch-all: blank layout, public (the registry names it "$error"). */
export const notFoundRoute: AppRoute = {
  path: "*",
  title: "misc:notFoundTitle",
  page: () => import("./pages/NotFoundPage"),
  meta: { layout: "blank", public: true },
};
