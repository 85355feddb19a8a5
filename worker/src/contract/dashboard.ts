import * as z from "zod";
import { day, defineCalls, timestamp } from "./call";
import { PAYMENT_STATUSES } from "./commerce";
import * as f from "./fields";

export const RANGES = [7, 30, 90, 365] as const;
export type Range = (typeof RANGES)[number];

export const KPI_NAMES = [
  "revenue",
  "paidPayments",
  "newUsers",
  "activeSubscriptions",
  "pointsSold",
  "pointsSpent",
  "jobs",
  "couponsRedeemed",
] as const;

export const SERIES_NAMES = [
  "revenue",
  "paidPayments",
  "payments",
  "newUsers",
  "pointsSold",
  "pointsSpent",
  "pointsRedeemed",
  "jobs",
  "jobsDone",
  "jobsFailed",
  "couponsRedeemed",
] as const;

const figure = () => z.number();
const kpi = z.strictObject({ current: figure(), previous: figure() });
/** One number per day of the period, aligned with `days`. */
const series = () => z.array(figure());
const jobCounts = z.strictObject({ queued: figure(), done: figure(), failed: figure() });

/** An object with an optional `value()` under each of `names`. */
const optionalEach = <const K extends readonly string[], T extends z.ZodType>(names: K, value: () => T) =>
  z.strictObject(Object.fromEntries(names.map((name) => [name, value().optional()])) as { [N in K[number]]: z.ZodOptional<T> });

/** The business figures; each part is present only when the caller reads every row of its subject. */
export const businessStats = z.strictObject({
  setup: z.strictObject({
    sites: figure(),
    activeVendors: figure(),
    bundles: figure(),
    items: figure(),
    users: figure(),
    hasPayments: z.boolean(),
  }),
  kpis: optionalEach(KPI_NAMES, () => kpi),
  series: optionalEach(SERIES_NAMES, series),
  paymentsByStatus: z.array(z.strictObject({ status: z.enum(PAYMENT_STATUSES), count: figure(), amount: figure() })).optional(),
  subscriptionsByItem: z.array(z.strictObject({ itemId: z.number().int(), itemName: z.string(), active: figure() })).optional(),
  jobsByStatus: jobCounts.optional(),
  jobsBySite: z
    .array(
      z.strictObject({
        siteId: z.number().int().nullable(),
        siteName: z.string(),
        jobs: figure(),
        done: figure(),
        failed: figure(),
        points: figure(),
      }),
    )
    .optional(),
  vendorLoad: z
    .array(
      z.strictObject({
        vendorId: z.number().int(),
        vendorName: z.string(),
        siteName: z.string(),
        vendorIsActive: z.boolean(),
        jobs: figure(),
        queued: figure(),
      }),
    )
    .optional(),
});

/** The caller's own figures; quota and job parts need the caller's ability over their own rows. */
export const ownStats = z.strictObject({
  balance: figure().optional(),
  balanceSeries: series().optional(),
  pointsAdded: figure().optional(),
  pointsUsed: figure().optional(),
  jobsByStatus: jobCounts.optional(),
  recentJobs: z
    .array(
      z.strictObject({
        uniqueId: z.string(),
        siteName: z.string(),
        fileName: z.string(),
        status: z.number().int(),
        similarity: z.number().nullable(),
        pointsSpent: z.number().int(),
        createdAt: timestamp(),
      }),
    )
    .optional(),
  subscriptions: z.array(
    z.strictObject({
      subscriptionId: z.number().int(),
      itemId: z.number().int(),
      itemName: z.string(),
      startsAt: timestamp(),
      endsAt: timestamp(),
      daysLeft: z.number().int(),
    }),
  ),
});

export const dashboardCalls = defineCalls({
  "dashboard-stats": {
    summary:
      "The dashboards' figures for `range` UTC days ending with `end` (default today): business KPIs and series for those who read every payment, and the caller's own.",
    access: ["read", "Dashboard"],
    input: z.object({
      range: z.preprocess(
        (v: Range | `${Range}` | "" | null | undefined) =>
          v === undefined || v === null || v === "" ? 30 : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v,
        z.literal(RANGES).default(30),
      ),
      // The last day of the period (YYYY-MM-DD, UTC); today when absent. A later day means today.
      end: f.isoDate().optional(),
    }),
    answer: z.strictObject({
      range: z.literal(RANGES),
      from: day(),
      to: day(),
      days: z.array(day()),
      currency: z.string(),
      /** When the business figures were computed (they may come from a one-minute cache). */
      generatedAt: timestamp(),
      business: businessStats.nullable(),
      own: ownStats.nullable(),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Dashboards: dashboardCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { BusinessStats: businessStats, OwnStats: ownStats };
