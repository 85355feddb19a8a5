import type { AppRoute, NavItem, RouteMeta } from "../../lib/feature";

const guest: RouteMeta = { layout: "blank", unauthenticatedOnly: true };
// Links from mails work whether or not the reader is signed in.
const open: RouteMeta = { layout: "blank", public: true };

const login = () => import("./pages/LoginPage");
const register = () => import("./pages/RegisterPage");
const forgot = () => import("./pages/ForgotPasswordPage");
const reset = () => import("./pages/ResetPasswordPage");
const twoSteps = () => import("./pages/TwoStepsPage");
const verify = () => import("./pages/VerifyEmailPage");

/** The v1 and v2 pages are two looks of the same flows (AuthFrame picks the look from the path). */
function looks(page: string, load: AppRoute["page"], meta: RouteMeta): AppRoute[] {
  return (["v1", "v2"] as const).map((look) => ({
    path: `/pages/authentication/${page}-${look}`,
    name: `pages-authentication-${page}-${look}`,
    page: load,
    meta,
  }));
}

export const routes: AppRoute[] = [
  { path: "/login", name: "login", page: login, meta: guest },
  { path: "/register", name: "register", page: register, meta: guest },
  { path: "/forgot-password", name: "forgot-password", page: forgot, meta: guest },
  ...looks("login", login, guest),
  ...looks("register", register, guest),
  {
    path: "/pages/authentication/register-multi-steps",
    name: "pages-authentication-register-multi-steps",
    page: () => import("./pages/RegisterMultiStepsPage"),
    meta: guest,
  },
  ...looks("forgot-password", forgot, guest),
  ...looks("reset-password", reset, open),
  ...looks("two-steps", twoSteps, guest),
  ...looks("verify-email", verify, open),
];

export const nav: NavItem[] = [];
