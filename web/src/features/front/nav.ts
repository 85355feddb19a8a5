import type { NavItem } from "../../lib/feature";
import { portal } from "./index";

export const nav: NavItem[] = [
  { title: "front:menu.pricing", to: "/pages/pricing", icon: "coins", ...portal, section: "pages", order: 40 },
  { title: "front:menu.faq", to: "/pages/faq", icon: "list", ...portal, section: "pages", order: 50 },
  { title: "front:menu.swiper", to: "/extensions/swiper", icon: "slides", ...portal, section: "pages", order: 75 },
];
