import * as auth from "../features/auth";
import * as dashboard from "../features/dashboard";
import * as misc from "../features/misc";
import { homeFor } from "./guard";
import type { AppRedirect, AppRoute, NavItem } from "./types";

/** Every feature's routes and menu entries: the route table and the menu are data. */
const features = [auth, misc, dashboard];

export const appRoutes: AppRoute[] = features.flatMap((f) => f.routes);

export const redirects: AppRedirect[] = [
  { path: "/", to: ({ role, search }) => homeFor(role, search) },
  { path: "/pages/user-profile", to: "/pages/user-profile/profile" },
  { path: "/pages/account-settings", to: "/pages/account-settings/account" },
];

export const notFoundRoute = misc.notFoundRoute;

export const navItems: NavItem[] = features.flatMap((f) => f.nav);
