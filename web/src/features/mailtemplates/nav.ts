import type { NavItem } from "../../lib/feature";
import { mailTemplates } from "./index";

export const nav: NavItem[] = [
  {
    title: "mailtemplates:menu",
    to: "/apps/ecommerce/mail-templates",
    icon: "mail",
    ...mailTemplates,
    section: "apps",
    order: 91,
  },
];
