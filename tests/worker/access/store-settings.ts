import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/store-settings.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "store-settings": "admin",
  "update-store-settings": "admin",
};
