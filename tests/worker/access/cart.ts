import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/cart.ts are for (the permission matrix compares it with their access).
 * Commerce: cart, payments, invoices, quota, subscriptions (ownership checked by the handlers).
 */
export const access: Record<string, Audience> = {
  searchcart: "client+admin",
  updatecart: "client+admin",
  checkout: "client+admin",
};
