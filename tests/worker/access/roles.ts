import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/roles.ts are for (the permission matrix compares it with their access).
 * Back office.
 */
export const access: Record<string, Audience> = {
  "search-role": "admin",
  "update-role": "admin",
  "delete-role": "admin",
};
