import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/store.ts are for (the permission matrix compares it with their access).
 * The store's back office: staff only.
 */
export const access: Record<string, Audience> = {
  "search-product": "admin",
  "search-customer": "admin",
  "search-order-event": "admin",
  "store-stats": "admin",
};
