import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/chat.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "chat-seen": "client+admin",
};
