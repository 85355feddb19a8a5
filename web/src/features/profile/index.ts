import type { AppRoute, NavItem } from "../../lib/feature";

const readProfile = { action: "read", subject: "Profile" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/profile",
    name: "portal-profile",
    title: "profile:title",
    page: () => import("./pages/ProfilePage"),
    meta: readProfile,
  },
  {
    path: "/pages/user-profile/:tab",
    name: "pages-user-profile-tab",
    title: "profile:title",
    page: () => import("./pages/ProfilePage"),
    meta: { ...readProfile, navActiveLink: "/portal/profile" },
  },
];

export const nav: NavItem[] = [
  { title: "profile:menu", to: "/portal/profile", icon: "profile", ...readProfile, section: "pages", order: 10 },
];
