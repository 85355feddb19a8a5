import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/support.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "open-ticket": "signedIn",
  "search-ticket": "client+admin",
  "ticket-detail": "client+admin",
  "reply-ticket": "client+admin",
  "update-ticket": "client+admin",
  "support-stats": "admin",
};
