import type { Audience } from "../access-table";

/**
 * Who the calls of worker/src/routes/account.ts are for (the permission matrix compares it with their access).
 * Sign-in and account.
 */
export const access: Record<string, Audience> = {
  "forgot-password": "public",
  "reset-password": "public",
  "verify-email": "public",
  "resend-verification": "signedIn",
  "change-password": "signedIn",
  "two-factor-setup": "signedIn",
  "two-factor-enable": "signedIn",
  "two-factor-recovery-codes": "signedIn",
  "two-factor-disable": "signedIn",
  "search-session": "signedIn",
  "revoke-session": "signedIn",
};
