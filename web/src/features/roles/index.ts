import type { AppRoute } from "../../lib/feature";

export const readRoles = { action: "read", subject: "Role" } as const;

export const routes: AppRoute[] = [
  { path: "/apps/roles", title: "roles:title", page: () => import("./pages/RolesPage"), meta: readRoles },
  {
    path: "/apps/permissions",
    title: "roles:permissionsTitle",
    page: () => import("./pages/PermissionsPage"),
    meta: readRoles,
  },
];
