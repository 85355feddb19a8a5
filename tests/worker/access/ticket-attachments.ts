import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/ticket-attachments.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "ticket-attachment": "client+admin",
};
