import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/renewals.ts are for (the permission matrix compares it with their access).
 * Saved cards and automatic renewal (issue 40): the caller's own, ownership checked by the handlers.
 */
export const access: Record<string, Audience> = {
  "update-auto-renew": "signedIn",
  "start-card-setup": "signedIn",
  "search-payment-method": "signedIn",
  "delete-payment-method": "signedIn",
  "update-payment-method": "signedIn",
};
