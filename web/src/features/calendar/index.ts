import type { AppRoute, NavItem } from "../../lib/feature";

/** Everyone signed in has a calendar (their own events; staff everyone's): the ability every role has. */
const signedIn = { action: "read", subject: "Profile" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/calendar",
    name: "apps-calendar",
    title: "calendar:title",
    page: () => import("./pages/CalendarPage"),
    meta: signedIn,
  },
];

export const nav: NavItem[] = [
  { title: "calendar:menu", to: "/apps/calendar", icon: "calendar", ...signedIn, section: "apps", order: 20 },
];
