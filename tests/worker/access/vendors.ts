import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/vendors.ts are for (the permission matrix compares it with their access).
 * Catalogue: bundles, items, sites (clients read active ones only), vendor accounts, coupons.
 */
export const access: Record<string, Audience> = {
  searchvendor: "admin",
  updatevendor: "admin",
  deletevendor: "admin",
};
