import type { NavItem } from "../../lib/feature";
import { readGuides, writeGuides } from "./index";

export const nav: NavItem[] = [
  { title: "academy:menu", to: "/apps/academy/dashboard", icon: "book", ...readGuides, section: "apps", order: 70 },
  { title: "academy:statsMenu", to: "/dashboards/academy", icon: "book", ...writeGuides, section: "dashboards", order: 70 },
];
