import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/users.ts are for (the permission matrix compares it with their access).
 * Users (updateuser: admin any user, others self only — checked by the handler).
 */
export const access: Record<string, Audience> = {
  searchuser: "admin",
  updateuser: "signedIn",
  deleteuser: "admin",
  "adjust-quota": "admin",
  "reset-two-factor": "admin",
};
