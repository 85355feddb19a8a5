import { api } from "../../../lib/api";
import type { DashboardStats } from "./dashboardStats";

/** The periods dashboard-stats knows, in days; 30 unless the address names another. */
export const RANGES = [7, 30, 90, 365] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = 30;

/** The range a dashboard's address asks for (`?range=90`), else the default. */
export function rangeOf(search: URLSearchParams, fallback: Range = DEFAULT_RANGE): Range {
  const raw = Number(search.get("range"));
  return (RANGES as readonly number[]).includes(raw) ? (raw as Range) : fallback;
}

/** The SWR key of a range's figures: the dashboards' and what their routes preload. */
export const statsKey = (range: Range) => ["dashboard-stats", range] as const;

export function fetchDashboardStats(range: Range) {
  return api<DashboardStats>("dashboard-stats", { range });
}
