import { base64url, fromBase64, constantTimeEqual, hmacSha256 } from "./crypto";

/**
 * PBKDF2-SHA256 iterations for new hashes. Deployed Workers refuse more than 100,000; the count is
 * stored with each hash so it can be raised later (re-hash on sign-in when it is lower).
 */
export const PBKDF2_ITERATIONS = 100_000;

export interface PasswordHash {
  passwordHash: string;
  passwordSalt: string;
  passwordIterations: number;
}

/** The pepper (a Worker secret) keys an HMAC of the password, so a stolen table alone is not enough. */
async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, pepper: string) {
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey("raw", peppered as Uint8Array<ArrayBuffer>, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return base64url(new Uint8Array(bits));
}

export async function hashPassword(password: string, pepper: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return {
    passwordHash: await derive(password, salt, PBKDF2_ITERATIONS, pepper),
    passwordSalt: base64url(salt),
    passwordIterations: PBKDF2_ITERATIONS,
  };
}

export async function verifyPassword(password: string, stored: PasswordHash, pepper: string): Promise<boolean> {
  const candidate = await derive(password, fromBase64(stored.passwordSalt), stored.passwordIterations, pepper);
  return constantTimeEqual(candidate, stored.passwordHash);
}

/** Spends the same work as a real check, so an unknown email answers in about the same time. */
export async function burnPasswordCheck(password: string, pepper: string): Promise<void> {
  await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS, pepper);
}
