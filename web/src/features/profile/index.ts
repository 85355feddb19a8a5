import type { AppRoute } from "../../lib/feature";

export const readProfile = { action: "read", subject: "Profile" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/profile",
    title: "profile:title",
    page: () => import("./pages/ProfilePage"),
    meta: readProfile,
  },
  {
    path: "/pages/user-profile/:tab",
    title: "profile:title",
    page: () => import("./pages/ProfilePage"),
    meta: { ...readProfile, navActiveLink: "/portal/profile" },
  },
];
