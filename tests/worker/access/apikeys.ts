import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/apikeys.ts are for (the permission matrix compares it with their access).
 * Back office.
 */
export const access: Record<string, Audience> = {
  "search-apikey": "admin",
  "create-apikey": "admin",
  "revoke-apikey": "admin",
};
