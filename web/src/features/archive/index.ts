import type { AppRoute } from "../../lib/feature";

export const readArchive = { action: "read", subject: "Archive" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/archive",
    title: "archive:title",
    page: () => import("./pages/ArchivePage"),
    meta: readArchive,
  },
];
