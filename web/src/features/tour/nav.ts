import type { NavItem } from "../../lib/feature";
import { signedIn } from "./index";

export const nav: NavItem[] = [
  { title: "tour:menu", to: "/extensions/tour", icon: "compass", ...signedIn, section: "pages", order: 70 },
];
