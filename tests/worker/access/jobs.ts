import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/jobs.ts are for (the permission matrix compares it with their access).
 * Jobs: use a site, processing (agents finish only their own claims), history, downloads (ownership checked by the handlers).
 */
export const access: Record<string, Audience> = {
  "site-use": "client+admin",
  "submit-job": "client+admin",
  "claim-jobs": "agent+admin",
};
