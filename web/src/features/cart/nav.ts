import type { NavItem } from "../../lib/feature";

export const nav: NavItem[] = [
  {
    title: "cart:menu",
    to: "/payment/payment",
    icon: "cart",
    action: "create",
    subject: "Payment",
    section: "commerce",
    order: 10,
  },
];
