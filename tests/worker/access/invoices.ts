import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/invoices.ts are for (the permission matrix compares it with their access).
 * Notifications (issue 24): the caller's own; unsubscribe by its signed link.
 */
export const access: Record<string, Audience> = {
  "invoice-detail": "client+admin",
  "add-payment": "admin",
  "update-payment": "admin",
  "send-invoice": "admin",
};
