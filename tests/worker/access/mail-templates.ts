import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/mail-templates.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "mail-templates": "admin",
  "preview-mail-template": "admin",
  "update-mail-template": "admin",
  "reset-mail-template": "admin",
};
