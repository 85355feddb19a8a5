import type { NavItem } from "../../lib/feature";
import { readArchive } from "./index";

export const nav: NavItem[] = [
  { title: "archive:menu", to: "/apps/archive", icon: "book", ...readArchive, section: "admin", order: 65 },
];
