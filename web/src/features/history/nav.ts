import type { NavItem } from "../../lib/feature";
import { processJobs, readOwnJobs } from "./index";

export const nav: NavItem[] = [
  { title: "history:menuAdmin", to: "/portal/history", icon: "history", ...processJobs, section: "admin", order: 40 },
  { title: "history:menuUser", to: "/portal/history-user", icon: "history", ...readOwnJobs, section: "portal", order: 40 },
];
