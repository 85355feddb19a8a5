import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/notifications.ts are for (the permission matrix compares it with their access).
 * Notifications (issue 24): the caller's own; unsubscribe by its signed link.
 */
export const access: Record<string, Audience> = {
  "search-notification": "signedIn",
  "read-notification": "signedIn",
  "update-notification-settings": "signedIn",
  unsubscribe: "public",
};
