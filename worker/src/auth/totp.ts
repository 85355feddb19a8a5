import { Secret, TOTP } from "otpauth";
import type { DB } from "../db";
import { HttpError } from "../errors";

const PERIOD = 30;

/** RFC 6238 codes: 6 digits, 30 seconds, SHA-1 (what authenticator apps expect); ±1 step of drift. */
function totpFor(secretBase32: string, label = "", issuer = "") {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totpFor(secretBase32, label, issuer).toString();
}

/**
 * The time step (30-second counter) a right code belongs to, or null for a wrong one. Callers accept
 * it only when it is later than the user's stored `totpLastStep`, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * The SQL that claims a step for a user: changes one row only when the step is later than the last
 * accepted one. Put `abortUnlessChanged` right after it so the rest of the batch depends on it.
 */
export function claimTotpStep(d1: D1Database, userId: number, step: number): D1PreparedStatement {
  return d1.prepare("UPDATE users SET totpLastStep = ?2 WHERE userId = ?1 AND totpLastStep < ?2").bind(userId, step);
}

/** Turns two-factor off, changing no row when it is neither on nor being set up: follow it with a guard. */
export const turnTwoFactorOff = (db: DB, userId: number) =>
  db
    .updateTable("users")
    .set({ twoFactorEnabled: 0, twoFactorSecret: null })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("twoFactorEnabled", "=", 1), eb("twoFactorSecret", "is not", null)]));

/** The answer to a right code that was already accepted once (replayed, or sent twice at once). */
export const codeUsed = (status: 400 | 401 = 401) => new HttpError(status, "code_used", "codeUsed", "code");

/** The code of a time (tests and the seed use it); now by default. */
export function currentTotp(secretBase32: string, timestamp = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp });
}
