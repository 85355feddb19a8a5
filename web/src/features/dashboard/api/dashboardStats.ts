import useSWR from "swr";
import { fetchDashboardStats, statsKey, type Range } from "./statsQuery";

/** The answer of dashboard-stats (worker/src/routes/dashboard.ts); series are aligned with `days`. */

export interface Kpi {
  current: number;
  previous: number;
}

export type KpiName =
  "revenue" | "paidPayments" | "newUsers" | "activeSubscriptions" | "pointsSold" | "pointsSpent" | "jobs" | "couponsRedeemed";

export type SeriesName =
  | "revenue"
  | "paidPayments"
  | "payments"
  | "newUsers"
  | "pointsSold"
  | "pointsSpent"
  | "pointsRedeemed"
  | "jobs"
  | "jobsDone"
  | "jobsFailed"
  | "couponsRedeemed";

export interface JobCounts {
  queued: number;
  done: number;
  failed: number;
}

export interface BusinessStats {
  setup: { sites: number; activeVendors: number; bundles: number; items: number; users: number; hasPayments: boolean };
  kpis: Partial<Record<KpiName, Kpi>>;
  series: Partial<Record<SeriesName, number[]>>;
  paymentsByStatus?: { status: string; count: number; amount: number }[];
  subscriptionsByItem?: { itemId: number; itemName: string; active: number }[];
  jobsByStatus?: JobCounts;
  jobsBySite?: { siteId: number | null; siteName: string; jobs: number; done: number; failed: number; points: number }[];
  vendorLoad?: {
    vendorId: number;
    vendorName: string;
    siteName: string;
    vendorIsActive: boolean;
    jobs: number;
    queued: number;
  }[];
}

export interface OwnJob {
  uniqueId: string;
  siteName: string;
  fileName: string;
  status: number;
  similarity: number | null;
  pointsSpent: number;
  createdAt: string;
}

export interface OwnStats {
  balance?: number;
  balanceSeries?: number[];
  pointsAdded?: number;
  pointsUsed?: number;
  jobsByStatus?: JobCounts;
  recentJobs?: OwnJob[];
  subscriptions: {
    subscriptionId: number;
    itemId: number;
    itemName: string;
    startsAt: string;
    endsAt: string;
    daysLeft: number;
  }[];
}

export interface DashboardStats {
  range: Range;
  from: string;
  to: string;
  days: string[];
  currency: string;
  generatedAt: string;
  business: BusinessStats | null;
  own: OwnStats | null;
}

/** The figures for a range, kept while another range loads. */
export function useDashboardStats(range: Range) {
  return useSWR<DashboardStats>(statsKey(range), () => fetchDashboardStats(range), {
    keepPreviousData: true,
    onError: () => console.error("Network response was not ok"),
  });
}
