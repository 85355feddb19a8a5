import type { AppRoute } from "../../lib/feature";

export const readDownloads = { action: "read", subject: "Download" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/download-page",
    title: "downloads:title",
    page: () => import("./pages/DownloadPage"),
    meta: readDownloads,
  },
];
