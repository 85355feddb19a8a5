import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/quota.ts are for (the permission matrix compares it with their access).
 * Refunds, credit notes, invoice PDFs, billing details (issue 26).
 */
export const access: Record<string, Audience> = {
  "redeem-coupon": "client+admin",
  "search-quota": "client+admin",
};
