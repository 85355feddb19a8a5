import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/fleet.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "fleet-status": "admin",
  "pause-vendor": "admin",
  "resume-vendor": "admin",
  "fleet-pipeline": "admin",
};
