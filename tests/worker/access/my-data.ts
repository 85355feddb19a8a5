import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/my-data.ts are for (the permission matrix compares it with their access).
 * The caller's own data (issue 25).
 */
export const access: Record<string, Audience> = {
  "export-my-data": "signedIn",
  "close-account": "signedIn",
};
