import type { ColumnType, Generated } from "kysely";

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Migration 0210: a user's passkeys (WebAuthn credentials; auth/passkeys.ts). */
export interface PasskeysTable {
  passkeyId: Generated<number>;
  userId: number;
  /** base64url, as the browser names the credential. */
  credentialId: string;
  /** The public key (SPKI), base64url. */
  publicKey: string;
  /** How the key signs: ES256 or RS256. */
  publicKeyAlgorithm: "ES256" | "RS256";
  signCount: Defaulted<number>;
  /** JSON array of the authenticator's transports ("internal", "usb", …). */
  transports: Defaulted<string>;
  passkeyName: string;
  createdAt: Defaulted<string>;
  lastUsedAt: string | null;
}

/** Migration 0210: a WebAuthn challenge, single-use and short-lived. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: "register" | "login" | "second_step";
  userId: number | null;
  detail: string | null;
  expiresAt: number;
}

// Joins the Kysely schema by declaration merging (docs/adding-a-feature.md).
declare module "../schema" {
  interface Database {
    passkeys: PasskeysTable;
    passkey_challenges: PasskeyChallengesTable;
  }
}
