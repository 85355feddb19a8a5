import type { NavItem } from "../../lib/feature";
import { readWebhooks } from "./index";

export const nav: NavItem[] = [
  { title: "webhooks:menu", to: "/apps/settings/webhooks", icon: "webhook", ...readWebhooks, section: "admin", order: 85 },
];
