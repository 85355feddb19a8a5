import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/auth.ts are for (the permission matrix compares it with their access).
 * Sign-in and account.
 */
export const access: Record<string, Audience> = {
  login: "public",
  "two-steps": "public",
  register: "public",
  logout: "signedIn",
  me: "signedIn",
  "passkey-login": "public",
  "two-steps-passkey": "public",
};
