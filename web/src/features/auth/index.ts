import type { AppRoute, RouteMeta } from "../../lib/feature";

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
function looks(page: string, load: AppRoute["page"], meta: RouteMeta, title: string): AppRoute[] {
  return (["v1", "v2"] as const).map((look) => ({
    path: `/pages/authentication/${page}-${look}`,
    title,
    page: load,
    meta,
  }));
}

export const routes: AppRoute[] = [
  // The first visit's pages, prerendered per language (web/prerender.ts).
  {
    path: "/login",
    title: "auth:pageTitle.login",
    description: "auth:pageDescription.login",
    prerender: true,
    page: login,
    meta: guest,
  },
  {
    path: "/register",
    title: "auth:registerTitle",
    description: "auth:pageDescription.register",
    prerender: true,
    page: register,
    meta: guest,
  },
  {
    path: "/forgot-password",
    title: "auth:forgotTitle",
    description: "auth:pageDescription.forgot",
    prerender: true,
    page: forgot,
    meta: guest,
  },
  ...looks("login", login, guest, "auth:pageTitle.login"),
  ...looks("register", register, guest, "auth:registerTitle"),
  {
    path: "/pages/authentication/register-multi-steps",
    title: "auth:registerTitle",
    page: () => import("./pages/RegisterMultiStepsPage"),
    meta: guest,
  },
  ...looks("forgot-password", forgot, guest, "auth:forgotTitle"),
  ...looks("reset-password", reset, open, "auth:resetTitle"),
  ...looks("two-steps", twoSteps, guest, "auth:twoStepsTitle"),
  ...looks("verify-email", verify, open, "auth:verifyTitle"),
];
