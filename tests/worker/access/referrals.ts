import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/referrals.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "my-referral": "client+admin",
  "search-referral": "admin",
};
