import { listPreload } from "../../lib/listPreload";
import type { AppRoute, FirstCall, PreloadContext } from "../../lib/feature";
import { PLAN_OPTIONS_KEY, ROLE_OPTIONS_KEY, searchPlanOptions, searchRoleOptions } from "./preload";
import { SEARCH_USERS, USER_LIST } from "./preload";

export const readUsers = { action: "read", subject: "User" } as const;
const usersPage = listPreload(SEARCH_USERS, USER_LIST);

/** The list's first page and its filters' options, as UserListPage asks for them. */
function usersPreload(at: PreloadContext): FirstCall[] {
  return [
    ...usersPage(at),
    ...(at.can("read", "Role") ? [{ key: ROLE_OPTIONS_KEY, fetch: searchRoleOptions }] : []),
    ...(at.can("read", "Item") ? [{ key: PLAN_OPTIONS_KEY, fetch: searchPlanOptions }] : []),
  ];
}

export const routes: AppRoute[] = [
  {
    path: "/portal/user",
    title: "users:title",
    page: () => import("./pages/UserListPage"),
    meta: readUsers,
    preload: usersPreload,
  },
  {
    path: "/apps/user/list",
    title: "users:title",
    page: () => import("./pages/UserListPage"),
    meta: readUsers,
    preload: usersPreload,
  },
  {
    path: "/apps/user/view/:id",
    title: "users:pageTitle.view",
    page: () => import("./pages/UserViewPage"),
    meta: { ...readUsers, navActiveLink: "/portal/user" },
  },
];
