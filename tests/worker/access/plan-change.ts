import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/plan-change.ts are for (the permission matrix compares it with their
 * access). Plan changes (issue 40 item 3): buyers only, on their own subscriptions (checked by the handlers).
 */
export const access: Record<string, Audience> = {
  "quote-plan-change": "client+admin",
  "change-plan": "client+admin",
};
