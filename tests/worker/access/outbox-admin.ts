import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/outbox-admin.ts are for (the permission matrix compares it with their access).
 * Back office.
 */
export const access: Record<string, Audience> = {
  "search-outbox": "admin",
};
