import type { NavItem } from "../../lib/feature";
import { readAudit } from "./index";

export const nav: NavItem[] = [
  { title: "audit:menu", to: "/apps/audit-log", icon: "audit", ...readAudit, section: "admin", order: 60 },
];
