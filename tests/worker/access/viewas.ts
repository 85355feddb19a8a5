import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/viewas.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "view-as": "admin",
  "end-view-as": "public",
  "search-view-as": "signedIn",
};
