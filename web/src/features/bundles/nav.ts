import type { NavItem } from "../../lib/feature";
import { readBundles } from "./index";

export const nav: NavItem[] = [
  { title: "bundles:menu", to: "/portal/bundle", icon: "coins", ...readBundles, section: "portal", order: 20 },
];
