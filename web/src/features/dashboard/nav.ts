import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [
  {
    title: "dashboard:portalHome",
    to: "/portal/dashboard",
    icon: "home",
    action: "read",
    subject: "Portal",
    section: "dashboards",
    order: 10,
  },
  {
    title: "dashboard:accessHome",
    to: "/access-control",
    icon: "shield",
    action: "read",
    subject: "AclDemo",
    section: "dashboards",
    order: 15,
  },
  {
    title: "dashboard:crm",
    to: "/dashboards/crm",
    icon: "chart",
    action: "manage",
    subject: "all",
    section: "dashboards",
    order: 20,
  },
  {
    title: "dashboard:analytics",
    to: "/dashboards/analytics",
    icon: "dashboard",
    action: "manage",
    subject: "all",
    section: "dashboards",
    order: 30,
  },
];
