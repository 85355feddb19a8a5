import type { DB } from "../db";
import { hmacSha256, toHex } from "./crypto";

/** How many codes a set has. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32 (no i, l, o, u): codes read aloud or copied by hand come out right. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_LENGTH = 10;

/** A new set of codes, `xxxxx-xxxxx`: 50 random bits each, all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    // 256 is a multiple of 32: every character is equally likely.
    const characters = [...crypto.getRandomValues(new Uint8Array(CODE_LENGTH))].map((byte) => ALPHABET[byte % 32]).join("");
    codes.add(`${characters.slice(0, 5)}-${characters.slice(5)}`);
  }
  return [...codes];
}

/**
 * A code as typed (any case, spaces or dashes anywhere, o for 0 and i or l for 1, as Crockford allows) in
 * the form its hash is made of, or null when it cannot be a code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/**
 * What is stored of a code: an HMAC under the session pepper, bound to its user. A copy of the database
 * alone cannot test guesses, and one guess never tests every user's codes at once.
 */
export async function recoveryCodeHash(pepper: string, userId: number, code: string): Promise<string> {
  return toHex(await hmacSha256(pepper, `recovery-code:${userId}:${normalizeRecoveryCode(code) ?? code}`));
}

/** The statements that replace a user's codes with `codes` (the previous set stops working). */
export async function replaceRecoveryCodes(db: DB, pepper: string, userId: number, codes: string[]) {
  const rows = await Promise.all(codes.map(async (code) => ({ userId, codeHash: await recoveryCodeHash(pepper, userId, code) })));
  return [clearRecoveryCodes(db, userId), db.insertInto("recovery_codes").values(rows)];
}

/**
 * What tells a user's set of codes from the next one: the least of its hashes (codes are random, so a new set
 * has new hashes; null without codes). ?1 is the user.
 */
export const RECOVERY_CODE_SET_SQL = "SELECT min(codeHash) AS codeSet FROM recovery_codes WHERE userId = ?1";

/** The user's current set of codes, as `RECOVERY_CODE_SET_SQL` tells it. */
export async function recoveryCodeSet(d1: D1Database, userId: number): Promise<string | null> {
  return d1.prepare(RECOVERY_CODE_SET_SQL).bind(userId).first<string>("codeSet");
}

/** Removes every code of a user (two-factor turned off or reset, account closed). */
export const clearRecoveryCodes = (db: DB, userId: number) => db.deleteFrom("recovery_codes").where("userId", "=", userId);

/**
 * Uses a code: deletes its row, so it works once. Put `abortUnlessChanged` right after it so the rest of
 * the batch (the session) depends on it: two sign-ins racing with one code make one session.
 */
export function claimRecoveryCode(d1: D1Database, userId: number, codeHash: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM recovery_codes WHERE userId = ?1 AND codeHash = ?2").bind(userId, codeHash);
}
