import type { NavItem } from "../../lib/feature";
import { signedIn } from "./index";

export const nav: NavItem[] = [
  { title: "calendar:menu", to: "/apps/calendar", icon: "calendar", ...signedIn, section: "apps", order: 20 },
];
