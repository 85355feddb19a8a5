import type { NavItem } from "../../lib/feature";
import { readProfile } from "./index";

export const nav: NavItem[] = [
  { title: "profile:menu", to: "/portal/profile", icon: "profile", ...readProfile, section: "pages", order: 10 },
];
