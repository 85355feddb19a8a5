import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/reviews.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "add-review": "client+admin",
  "search-review": "client+admin",
  "moderate-review": "admin",
};
