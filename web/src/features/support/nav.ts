import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [
  { title: "support:menu", to: "/apps/email", icon: "mail", action: "read", subject: "Ticket", section: "apps", order: 10 },
];
