import type { NavItem } from "../../lib/feature";
import { WIZARDS } from "./index";

export const nav: NavItem[] = [
  {
    title: "wizards:menu",
    icon: "wand",
    section: "pages",
    order: 60,
    children: WIZARDS.map(([slug, key, meta], index) => ({
      title: `wizards:${key}.menu`,
      to: `/wizard-examples/${slug}`,
      ...meta,
      section: "pages",
      order: index + 1,
    })),
  },
];
