import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/canned-replies.ts are for: staff of the support desk only. */
export const access: Record<string, Audience> = {
  "search-canned-reply": "admin",
  "save-canned-reply": "admin",
  "delete-canned-reply": "admin",
};
