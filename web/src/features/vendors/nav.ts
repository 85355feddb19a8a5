import type { NavItem } from "../../lib/feature";
import { readVendors } from "./index";

export const nav: NavItem[] = [
  { title: "vendors:menu", to: "/portal/vendor", icon: "key", ...readVendors, section: "admin", order: 40 },
];
