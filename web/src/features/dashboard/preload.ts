import { api, type CallAnswer } from "../../lib/api";

/** The answer of dashboard-stats; series are aligned with `days`. */
export type DashboardStats = CallAnswer<"dashboard-stats">;
export type Range = DashboardStats["range"];

/** The ranges the picker offers (every range the API takes, checked by the compiler). */
const RANGE_TABLE: Record<Range, true> = { 7: true, 30: true, 90: true, 365: true };
export const RANGES = Object.keys(RANGE_TABLE).map(Number) as Range[];
/** 30 days unless the address names another period. */
export const DEFAULT_RANGE: Range = 30;

/** The range a dashboard's address asks for (`?range=90`), else the default. */
export function rangeOf(search: URLSearchParams, fallback: Range = DEFAULT_RANGE): Range {
  const raw = Number(search.get("range"));
  return (RANGES as number[]).includes(raw) ? (raw as Range) : fallback;
}

/** The SWR key of a range's figures: the dashboards' and what their routes preload. */
export const statsKey = (range: Range) => ["dashboard-stats", range] as const;

export function fetchDashboardStats(range: Range) {
  return api("dashboard-stats", { range });
}
