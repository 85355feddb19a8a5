import type { AppRoute, NavbarWidget } from "../../lib/feature";

/** Everyone signed in has a tour (their role's): the page needs no more than reading the portal. */
export const signedIn = { action: "read", subject: "Portal" } as const;

/** One loader for the widget and the page: each module of its own would add to /login's first load. */
const parts = () => import("./parts");

export const routes: AppRoute[] = [
  {
    path: "/extensions/tour",
    title: "tour:title",
    page: () => parts().then((m) => ({ default: m.TourPage })),
    meta: signedIn,
  },
];

/**
 * The first sign-in tour starts from the navbar, the one place present on every home page: the widget
 * draws nothing, and on the role's home, once the page has painted, asks whether the tour was seen.
 */
export const navbarWidgets: NavbarWidget[] = [
  { name: "tour", order: 90, component: () => parts().then((m) => ({ default: m.FirstTour })) },
];
