import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [
  { title: "chat:menu", to: "/apps/chat", icon: "chat", action: "read", subject: "Ticket", section: "apps", order: 11 },
];
