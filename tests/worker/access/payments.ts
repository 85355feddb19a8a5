import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/payments.ts are for (the permission matrix compares it with their access).
 * Commerce: cart, payments, invoices, quota, subscriptions (ownership checked by the handlers).
 * Notifications (issue 24): the caller's own; unsubscribe by its signed link.
 */
export const access: Record<string, Audience> = {
  "payment-detail": "public",
  "payment-proof": "public",
  "confirm-payment": "admin",
  "cancel-payment": "admin",
  "payment-webhook": "public",
  "search-payment": "client+admin",
  "export-payment": "client+admin",
  "download-proof": "admin",
};
