import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [
  {
    title: "account:menuTitle",
    to: "/pages/account-settings/account",
    icon: "settings",
    action: "read",
    subject: "Profile",
    section: "pages",
    order: 90,
  },
];
