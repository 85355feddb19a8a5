import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/refunds.ts are for (the permission matrix compares it with their access).
 * Refunds, credit notes, invoice PDFs, billing details (issue 26).
 */
export const access: Record<string, Audience> = {
  "refund-payment": "admin",
  "credit-note-detail": "client+admin",
  "search-credit-note": "client+admin",
  "invoice-pdf": "client+admin",
  "credit-note-pdf": "client+admin",
  "billing-details": "signedIn",
  "update-billing-details": "signedIn",
};
