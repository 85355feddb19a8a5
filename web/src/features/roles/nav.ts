import type { NavItem } from "../../lib/feature";
import { readRoles } from "./index";

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
