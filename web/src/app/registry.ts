import { matchRoute, type Parser } from "wouter";
import { homeFor } from "../lib/home";
import type { AppRedirect, RegisteredRoute } from "./types";
import type { AppRoute, NavbarWidget } from "../lib/feature";

/**
 * What a feature's index.ts exports (navbarWidgets is optional; misc also gives the not-found route). Its
 * menu entries are in its nav.ts (navRegistry.ts), outside every page's first load.
 */
interface FeatureModule {
  routes: AppRoute[];
  navbarWidgets?: NavbarWidget[];
  notFoundRoute?: AppRoute;
}

/**
 * Every feature's routes and navbar widgets, by feature folder (which is also its i18n namespace), collected
 * from web/src/features/<folder>/index.ts: adding a feature edits nothing here.
 */
const features: Record<string, FeatureModule> = Object.fromEntries(
  Object.entries(import.meta.glob<FeatureModule>("../features/*/index.ts", { eager: true })).map(([file, module]) => [
    file.split("/")[2]!,
    module,
  ]),
);

/** How specific a path segment is: a static segment before a parameter, a parameter before a wildcard. */
const segmentRank = (segment: string) => (segment.endsWith("*") ? 0 : segment.startsWith(":") ? 1 : 2);

/** Orders two paths as React Router ranks them: segment by segment, the more specific first. */
function bySpecificity(a: string, b: string): number {
  const [left, right] = [a.split("/"), b.split("/")];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = segmentRank(right[i]!) - segmentRank(left[i]!);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A route's name from its path: its words joined by "-", parameters included ("payment-reference-id"). */
const nameOf = (path: string) =>
  path
    .slice(1)
    .replace(/[:*]/g, "")
    .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
    .replace(/\//g, "-");

/** Every route, the most specific first (a static `/payment/payment` before `/payment/:referenceId`). */
export const appRoutes: RegisteredRoute[] = Object.entries(features)
  .flatMap(([ns, f]) => f.routes.map((route) => ({ ...route, name: route.name ?? nameOf(route.path), ns })))
  .sort((a, b) => bySpecificity(a.path, b.path));

export const redirects: AppRedirect[] = [
  { path: "/", to: ({ role, search }) => homeFor(role, search) },
  { path: "/pages/user-profile", to: "/pages/user-profile/profile" },
  { path: "/pages/account-settings", to: "/pages/account-settings/account" },
  // The cart's page is the checkout (the cart lives in the navbar).
  { path: "/portal/cart", to: "/payment/payment" },
];

/**
 * Tried after every route, before not-found: an unknown tab of account settings lands on its account
 * tab (its tabs are routes of several features: account, security, billing…).
 */
export const fallbackRedirects: AppRedirect[] = [{ path: "/pages/account-settings/:tab", to: "/pages/account-settings/account" }];

export const notFoundRoute: RegisteredRoute = { ...features.misc!.notFoundRoute!, name: "$error", ns: "misc" };

/** Navbar widgets of every feature (say, a cart badge), in ascending order. */
export const navbarWidgets: NavbarWidget[] = Object.values(features)
  .flatMap((f) => f.navbarWidgets ?? [])
  .sort((a, b) => a.order - b.order);

/** Where a path leads: a redirect of the table, or a route with its path parameters (null: not found). */
export type Resolved = { redirect: AppRedirect } | { route: RegisteredRoute; params: Record<string, string> } | null;

/** Resolves a path as the router does: redirects first, then routes in rank order, then the fallback redirects. */
export function resolvePath(parser: Parser, path: string): Resolved {
  const redirect = redirects.find((r) => matchRoute(parser, r.path, path)[0]);
  if (redirect) return { redirect };
  for (const route of appRoutes) {
    const [matched, params] = matchRoute(parser, route.path, path);
    if (matched) return { route, params: (params ?? {}) as Record<string, string> };
  }
  const fallback = fallbackRedirects.find((r) => matchRoute(parser, r.path, path)[0]);
  return fallback ? { redirect: fallback } : null;
}
