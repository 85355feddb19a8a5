import type { AppRoute, NavItem } from "../../lib/feature";

const readDownloads = { action: "read", subject: "Download" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/download-page",
    name: "portal-download-page",
    title: "downloads:title",
    page: () => import("./pages/DownloadPage"),
    meta: readDownloads,
  },
];

export const nav: NavItem[] = [
  { title: "downloads:menu", to: "/portal/download-page", icon: "download", ...readDownloads, section: "portal", order: 50 },
];
