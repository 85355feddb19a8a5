import { listPreload } from "../../lib/listPreload";
import type { AppRoute } from "../../lib/feature";
import { HISTORY_ADMIN_LIST, SEARCH_HISTORY } from "./preload";

/** The back-office queue needs the right to process jobs; a client's rule reads own jobs only. */
export const processJobs = { action: "update", subject: "History" } as const;
export const readOwnJobs = { action: "read", subject: "History" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/history",
    title: "history:titleAdmin",
    page: () => import("./pages/HistoryAdminPage"),
    meta: processJobs,
    preload: listPreload(SEARCH_HISTORY, HISTORY_ADMIN_LIST),
  },
  {
    path: "/portal/history-user",
    title: "history:titleUser",
    page: () => import("./pages/HistoryUserPage"),
    meta: readOwnJobs,
  },
];
