import * as z from "zod";
import { day, defineCalls, timestamp } from "./call";
import { RANGES, type Range } from "./dashboard";
import * as f from "./fields";

/** The CASL subject of the fleet's rules (an admin's `manage all` covers it; clients have none). */
export const subjects = ["Fleet"] as const;

/** A vendor account as the fleet shows it: its state and the load of the last 24 hours. */
export const fleetVendor = z.strictObject({
  vendorId: z.number().int(),
  vendorName: z.string(),
  siteId: z.number().int(),
  siteName: z.string().nullable().meta({ description: "The site's name, which the fleet's cards show." }),
  active: z.boolean().meta({ description: "False while the account is paused: claim-jobs hands out none of its jobs." }),
  queued: z.number().int().meta({ description: "Its jobs waiting for an agent (unclaimed, or claimed too long ago)." }),
  claimed: z.number().int().meta({ description: "Its jobs an agent holds a live claim on." }),
  done24h: z.number().int(),
  failed24h: z.number().int(),
  failureRate: z.number().nullable().meta({ description: "failed24h / (done24h + failed24h), 0..1; null with none." }),
  medianMinutes: z
    .number()
    .nullable()
    .meta({ description: "Median minutes from submission to finish of its jobs finished in 24 hours; null with none." }),
  lastUsedAt: timestamp(),
});

const vendorId = z.object({ vendorId: f.id() });
const stateAnswer = z.strictObject({ message: z.string(), vendor: fleetVendor });

export const fleetCalls = defineCalls({
  "fleet-status": {
    summary: "Each vendor account (optionally one site's) with its state, queue and the last 24 hours' figures.",
    access: ["read", "Fleet"],
    input: z.strictObject({ siteId: f.blankIsAbsent(f.id()) }),
    answer: z.strictObject({ vendors: z.array(fleetVendor) }),
  },
  "pause-vendor": {
    summary: "Pauses a vendor account: claim-jobs hands out none of its jobs; those already claimed may finish.",
    access: ["update", "Fleet"],
    input: vendorId,
    answer: stateAnswer,
  },
  "resume-vendor": {
    summary: "Resumes a paused vendor account: its queued jobs are claimed again.",
    access: ["update", "Fleet"],
    input: vendorId,
    answer: stateAnswer,
  },
  "fleet-pipeline": {
    summary:
      "The job pipeline per UTC day of the last `range` days, from the daily roll-ups: jobs submitted and still queued, done, failed, and the mean minutes to finish.",
    access: ["read", "Fleet"],
    input: z.strictObject({
      range: z.preprocess(
        (v: Range | `${Range}` | "" | null | undefined) =>
          v === undefined || v === null || v === "" ? 30 : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v,
        z.literal(RANGES).default(30),
      ),
    }),
    answer: z.strictObject({
      range: z.literal(RANGES),
      days: z.array(day()),
      queued: z.array(z.number().int()),
      done: z.array(z.number().int()),
      failed: z.array(z.number().int()),
      finishMinutes: z
        .array(z.number().nullable())
        .meta({ description: "Mean minutes to finish of the day's finished jobs; null on a day with none." }),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Fleet: fleetCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { FleetVendor: fleetVendor };
