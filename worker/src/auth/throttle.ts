import { nowSeconds } from "../db";

/**
 * Failed sign-ins are counted per (email, address), per address and per email, over a window.
 * - (email, address): after a few failures each further try waits twice as long as the last (2 s, 4 s,
 *   … up to the window): guessing from one place is slow, and nobody elsewhere is kept out.
 * - address: a place that fails for many emails is refused, or asked to prove it is a person when
 *   Turnstile is on.
 * - email: failures from anywhere never lock the owner out; with Turnstile on they ask for a token.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures of one (email, address) before tries are spaced out. */
  freeFailures: 3,
  /** Failures of one address (any email) before it is refused or challenged. */
  perAddress: 20,
  /** Failures of one email (any address) before Turnstile, when on, is asked for. */
  perEmail: 3,
} as const;

export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip || "unknown"}`;
export const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip || "unknown"}`;

/** Seconds to wait after the latest of `failures` failures of one (email, address). */
export function delayAfter(failures: number): number {
  if (failures < THROTTLE.freeFailures) return 0;
  return Math.min(THROTTLE.windowSeconds, 2 ** (failures - THROTTLE.freeFailures + 1));
}

export interface SignInState {
  /** Seconds before this (email, address) may try again; 0 when it may now. */
  waitSeconds: number;
  /** This address failed too often, for whatever emails. */
  addressExhausted: boolean;
  /** This email failed repeatedly, from whatever addresses. */
  emailTargeted: boolean;
}

/** The failures in the window that bear on a sign-in of `email` from `ip`: one read of the attempts' index. */
export async function signInState(d1: D1Database, email: string, ip: string): Promise<SignInState> {
  const now = nowSeconds();
  const row = await d1
    .prepare(
      `SELECT sum(attemptKey = ?1) AS byPair, max(CASE WHEN attemptKey = ?1 THEN createdAt END) AS lastPair,
              sum(attemptKey = ?2) AS byEmail, sum(attemptKey = ?3) AS byAddress
         FROM login_attempts WHERE attemptKey IN (?1, ?2, ?3) AND createdAt > ?4`,
    )
    .bind(pairKey(email, ip), emailKey(email), addressKey(ip), now - THROTTLE.windowSeconds)
    .first<{ byPair: number | null; lastPair: number | null; byEmail: number | null; byAddress: number | null }>();
  const byPair = row?.byPair ?? 0;
  const waitSeconds = byPair > 0 ? Math.max(0, (row?.lastPair ?? now) + delayAfter(byPair) - now) : 0;
  return {
    waitSeconds,
    addressExhausted: (row?.byAddress ?? 0) >= THROTTLE.perAddress,
    emailTargeted: (row?.byEmail ?? 0) >= THROTTLE.perEmail,
  };
}

export function failureStatements(d1: D1Database, email: string, ip: string): D1PreparedStatement[] {
  const insert = d1.prepare("INSERT INTO login_attempts (attemptKey, createdAt) VALUES (?1, ?2)");
  const now = nowSeconds();
  return [insert.bind(pairKey(email, ip), now), insert.bind(emailKey(email), now), insert.bind(addressKey(ip), now)];
}

/** After a sign-in: the email's failures, from here and elsewhere, no longer count. */
export function clearEmailFailures(d1: D1Database, email: string, ip: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM login_attempts WHERE attemptKey IN (?1, ?2)").bind(emailKey(email), pairKey(email, ip));
}

/** The longest window any attempt is counted over: forgot-password counts its mails per hour. */
const LONGEST_WINDOW_SECONDS = 3600;

/** Removes attempts no window counts any more (cron). */
export function pruneAttempts(d1: D1Database): Promise<D1Result> {
  return d1
    .prepare("DELETE FROM login_attempts WHERE createdAt < ?1")
    .bind(nowSeconds() - LONGEST_WINDOW_SECONDS)
    .run();
}
