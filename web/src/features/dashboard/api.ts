/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import useSWR from "swr";
import { fetchDashboardStats, statsKey, type DashboardStats, type Range } from "./preload";

export type BusinessStats = NonNullable<DashboardStats["business"]>;
export type OwnStats = NonNullable<DashboardStats["own"]>;
export type KpiName = keyof BusinessStats["kpis"];

/** The figures for a range, kept while another range loads. */
export function useDashboardStats(range: Range) {
  return useSWR(statsKey(range), () => fetchDashboardStats(range), {
    keepPreviousData: true,
    onError: () => console.error("Network response was not ok"),
  });
}
