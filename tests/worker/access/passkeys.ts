import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/passkeys.ts are for (the permission matrix compares it with their access).
 * The caller's own passkeys; the options of a passwordless sign-in and of a second step by passkey.
 */
export const access: Record<string, Audience> = {
  "passkey-register-options": "signedIn",
  "passkey-register": "signedIn",
  "search-passkey": "signedIn",
  "delete-passkey": "signedIn",
  "passkey-login-options": "public",
  "two-steps-passkey-options": "public",
};
