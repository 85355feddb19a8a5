import { api, type CallAnswer } from "../../lib/api";

export type FleetVendor = CallAnswer<"fleet-status">["vendors"][number];
export type Pipeline = CallAnswer<"fleet-pipeline">;
export type Range = Pipeline["range"];

/** The ranges the picker offers (every range the API takes, checked by the compiler). */
const RANGE_TABLE: Record<Range, true> = { 7: true, 30: true, 90: true, 365: true };
export const RANGES = Object.keys(RANGE_TABLE).map(Number) as Range[];
export const DEFAULT_RANGE: Range = 30;

export const FLEET_KEY = "fleet-status";
export const fetchFleet = () => api("fleet-status", {});

export const pipelineKey = (range: Range) => ["fleet-pipeline", range] as const;
export const fetchPipeline = (range: Range) => api("fleet-pipeline", { range });

export const pauseVendor = (vendorId: number) => api("pause-vendor", { vendorId });
export const resumeVendor = (vendorId: number) => api("resume-vendor", { vendorId });
