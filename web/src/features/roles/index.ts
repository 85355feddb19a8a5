import type { AppRoute, NavItem } from "../../lib/feature";

const readRoles = { action: "read", subject: "Role" } as const;

export const routes: AppRoute[] = [
  { path: "/apps/roles", name: "apps-roles", title: "roles:title", page: () => import("./pages/RolesPage"), meta: readRoles },
  {
    path: "/apps/permissions",
    name: "apps-permissions",
    title: "roles:permissionsTitle",
    page: () => import("./pages/PermissionsPage"),
    meta: readRoles,
  },
];

export const nav: NavItem[] = [
  {
    title: "roles:menu",
    icon: "shield",
    section: "admin",
    order: 20,
    children: [
      { title: "roles:menuRoles", to: "/apps/roles", icon: "roles", ...readRoles, section: "admin", order: 1 },
      { title: "roles:menuPermissions", to: "/apps/permissions", icon: "permissions", ...readRoles, section: "admin", order: 2 },
    ],
  },
];
