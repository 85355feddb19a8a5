import type { NavItem } from "../../lib/feature";
import { readDownloads } from "./index";

export const nav: NavItem[] = [
  { title: "downloads:menu", to: "/portal/download-page", icon: "download", ...readDownloads, section: "portal", order: 50 },
];
