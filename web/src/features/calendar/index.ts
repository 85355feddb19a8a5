import type { AppRoute } from "../../lib/feature";

/** Everyone signed in has a calendar (their own events; staff everyone's): the ability every role has. */
export const signedIn = { action: "read", subject: "Profile" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/calendar",
    title: "calendar:title",
    page: () => import("./pages/CalendarPage"),
    meta: signedIn,
  },
];
