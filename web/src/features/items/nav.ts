import type { NavItem } from "../../lib/feature";
import { readItems, manageItems } from "./index";

export const nav: NavItem[] = [
  { title: "items:menuShop", to: "/portal/item", icon: "package", ...readItems, section: "portal", order: 30 },
  { title: "items:menuSetting", to: "/portal/itemSetting", icon: "box", ...manageItems, section: "admin", order: 30 },
];
