import { listPreload } from "../../lib/listPreload";
import type { AppRoute, NavItem } from "../../lib/feature";
import { SEARCH_USERS, USER_LIST } from "./api/searchUsers";

const readUsers = { action: "read", subject: "User" } as const;
const usersPreload = listPreload(SEARCH_USERS, USER_LIST);

export const routes: AppRoute[] = [
  {
    path: "/portal/user",
    name: "portal-user",
    title: "users:title",
    page: () => import("./pages/UserListPage"),
    meta: readUsers,
    preload: usersPreload,
  },
  {
    path: "/apps/user/list",
    name: "apps-user-list",
    title: "users:title",
    page: () => import("./pages/UserListPage"),
    meta: readUsers,
    preload: usersPreload,
  },
  {
    path: "/apps/user/view/:id",
    name: "apps-user-view-id",
    title: "users:pageTitle.view",
    page: () => import("./pages/UserViewPage"),
    meta: { ...readUsers, navActiveLink: "/portal/user" },
  },
];

export const nav: NavItem[] = [
  { title: "users:menu", to: "/portal/user", icon: "users", ...readUsers, section: "admin", order: 10 },
];
