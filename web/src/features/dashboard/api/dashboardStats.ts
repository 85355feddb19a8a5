import useSWR from "swr";
import { api, type CallAnswer, type CallInput } from "../../../lib/api";

/** The answer of dashboard-stats; series are aligned with `days`. */
export type DashboardStats = CallAnswer<"dashboard-stats">;
export type Range = DashboardStats["range"];
export type BusinessStats = NonNullable<DashboardStats["business"]>;
export type OwnStats = NonNullable<DashboardStats["own"]>;
export type KpiName = keyof BusinessStats["kpis"];

/** The ranges the picker offers (every range the API takes, checked by the compiler). */
const RANGE_TABLE: Record<Range, true> = { 7: true, 30: true, 90: true, 365: true };
export const RANGES = Object.keys(RANGE_TABLE).map(Number) as Range[];

export function fetchDashboardStats(range: NonNullable<CallInput<"dashboard-stats">["range"]>) {
  return api("dashboard-stats", { range });
}

/** The figures for a range, kept while another range loads. */
export function useDashboardStats(range: Range) {
  return useSWR(["dashboard-stats", range], () => fetchDashboardStats(range), {
    keepPreviousData: true,
    onError: () => console.error("Network response was not ok"),
  });
}
