import type { NavItem } from "../../lib/feature";
import { readQuota } from "./index";

export const nav: NavItem[] = [
  { title: "quota:menu", to: "/portal/quota", icon: "coins", ...readQuota, section: "portal", order: 40 },
];
