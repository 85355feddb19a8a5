import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/webhooks.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "update-webhook": "admin",
  "search-webhook": "admin",
  "delete-webhook": "admin",
  "search-webhook-delivery": "admin",
  "resend-webhook-delivery": "admin",
};
