import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/downloads.ts are for (the permission matrix compares it with their access).
 * Jobs: use a site, processing (agents finish only their own claims), history, downloads (ownership checked by the handlers).
 */
export const access: Record<string, Audience> = {
  download: "client+admin",
  "job-file": "agent+admin",
  "search-downloads": "client+admin",
};
