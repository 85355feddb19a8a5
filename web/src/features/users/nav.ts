import type { NavItem } from "../../lib/feature";
import { readUsers } from "./index";

export const nav: NavItem[] = [
  { title: "users:menu", to: "/portal/user", icon: "users", ...readUsers, section: "admin", order: 10 },
];
