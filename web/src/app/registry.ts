import * as account from "../features/account";
import * as auth from "../features/auth";
import * as dashboard from "../features/dashboard";
import * as front from "../features/front";
import * as misc from "../features/misc";
import * as users from "../features/users";
import * as roles from "../features/roles";
import * as profile from "../features/profile";
import * as outbox from "../features/outbox";
import * as audit from "../features/audit";
import * as apikeys from "../features/apikeys";
import * as history from "../features/history";
import * as siteuse from "../features/siteuse";
import * as downloads from "../features/downloads";
import * as cart from "../features/cart";
import * as payment from "../features/payment";
import * as quota from "../features/quota";
import * as billing from "../features/billing";
import * as invoices from "../features/invoices";
import * as bundles from "../features/bundles";
import * as items from "../features/items";
import * as sites from "../features/sites";
import * as vendors from "../features/vendors";
import * as coupons from "../features/coupons";
import * as notifications from "../features/notifications";
import * as styleguide from "../features/styleguide";
import { matchRoute, type Parser } from "wouter";
import { homeFor } from "../lib/home";
import type { AppRedirect, RegisteredRoute } from "./types";
import type { AppRoute, NavbarWidget, NavItem } from "../lib/feature";

/** What a feature's index.ts exports (navbarWidgets is optional). */
interface FeatureModule {
  routes: AppRoute[];
  nav: NavItem[];
  navbarWidgets?: NavbarWidget[];
}

/**
 * Every feature's routes and menu entries, by feature folder (which is also its i18n namespace): the
 * route table and the menu are data. Routes match in this order.
 */
const features: Record<string, FeatureModule> = {
  auth,
  misc,
  dashboard,
  account,
  front,
  users,
  roles,
  profile,
  audit,
  outbox,
  apikeys,
  history,
  siteuse,
  downloads,
  cart,
  payment,
  quota,
  billing,
  invoices,
  bundles,
  items,
  sites,
  vendors,
  coupons,
  notifications,
  styleguide,
};

export const appRoutes: RegisteredRoute[] = Object.entries(features).flatMap(([ns, f]) =>
  f.routes.map((route) => ({ ...route, ns })),
);

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

export const notFoundRoute: RegisteredRoute = { ...misc.notFoundRoute, ns: "misc" };

export const navItems: NavItem[] = Object.values(features).flatMap((f) => f.nav);

/** Navbar widgets of every feature (say, a cart badge), in ascending order. */
export const navbarWidgets: NavbarWidget[] = Object.values(features)
  .flatMap((f) => f.navbarWidgets ?? [])
  .sort((a, b) => a.order - b.order);

/** Where a path leads: a redirect of the table, or a route with its path parameters (null: not found). */
export type Resolved = { redirect: AppRedirect } | { route: RegisteredRoute; params: Record<string, string> } | null;

/** Resolves a path as the router does: redirects first, then routes in table order, then the fallback redirects. */
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
