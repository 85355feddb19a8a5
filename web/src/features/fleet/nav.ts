import type { NavItem } from "../../lib/feature";
import { meta } from "./index";

export const nav: NavItem[] = [
  { title: "fleet:menu", to: "/apps/logistics/fleet", icon: "truck", ...meta, section: "apps", order: 40 },
  { title: "fleet:menu", to: "/dashboards/logistics", icon: "truck", ...meta, section: "dashboards", order: 40 },
];
