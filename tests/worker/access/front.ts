import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/front.ts are for (the permission matrix compares it with their access).
 * Settings, front pages.
 */
export const access: Record<string, Audience> = {
  "public-catalogue": "public",
};
