import type { AppRoute, NavItem } from "../../app/types";

const blankGuest = { layout: "blank", unauthenticatedOnly: true } as const;

export const routes: AppRoute[] = [
  { path: "/login", name: "login", page: () => import("./pages/LoginPage"), meta: blankGuest },
  {
    path: "/pages/authentication/login-v1",
    name: "pages-authentication-login-v1",
    page: () => import("./pages/LoginPage"),
    meta: blankGuest,
  },
  {
    path: "/pages/authentication/login-v2",
    name: "pages-authentication-login-v2",
    page: () => import("./pages/LoginPage"),
    meta: blankGuest,
  },
];

export const nav: NavItem[] = [];
