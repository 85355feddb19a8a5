import type { NavItem } from "../../lib/feature";
import { readOutbox } from "./index";

export const nav: NavItem[] = [
  { title: "outbox:menu", to: "/apps/outbox", icon: "outbox", ...readOutbox, section: "admin", order: 70 },
];
