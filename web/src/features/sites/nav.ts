import type { NavItem } from "../../lib/feature";
import { readSites } from "./index";

export const nav: NavItem[] = [
  { title: "sites:menu", to: "/portal/site", icon: "world", ...readSites, section: "portal", order: 40 },
];
