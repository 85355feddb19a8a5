import type { NavItem } from "../../lib/feature";
import { readKeys } from "./index";

export const nav: NavItem[] = [
  { title: "apikeys:menu", to: "/apps/api-keys", icon: "apikey", ...readKeys, section: "admin", order: 80 },
];
