import type { NavItem } from "../../lib/feature";
import { readPayments } from "./index";

export const nav: NavItem[] = [
  { title: "invoices:menu", to: "/apps/invoice/list", icon: "invoice", ...readPayments, section: "commerce", order: 20 },
];
