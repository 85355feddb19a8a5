import type { NavItem } from "../../lib/feature";
import { storeSettings } from "./index";

export const nav: NavItem[] = [
  { title: "storesettings:menu", to: "/apps/ecommerce/settings", icon: "settings", ...storeSettings, section: "apps", order: 90 },
];
