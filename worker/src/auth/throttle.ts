import { nowSeconds } from "../db";

/**
 * Sign-in attempts are counted per (email, address), per address and per email, over a window. Each attempt
 * is counted before its secret is checked (`claimSignIn`), and a sign-in that succeeds takes its count back:
 * what stays are the failures, and parallel guesses cannot all pass a count read before any was written.
 * - (email, address): after a few failures each further try waits twice as long as the last (2 s, 4 s,
 *   … up to the window): guessing from one place is slow, and nobody elsewhere is kept out.
 * - address: a place that fails for many emails is slowed down (seconds, never a lockout: others share
 *   its address), or asked to prove it is a person when Turnstile is on.
 * - email: failures from anywhere never lock the owner out; with Turnstile on they ask for a token.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures of one (email, address) before tries are spaced out. */
  freeFailures: 3,
  /** Failures of one address (any email) before it is slowed down or challenged. */
  perAddress: 20,
  /** The longest wait of a busy address between two tries. */
  addressMaxWaitSeconds: 30,
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

/** Seconds a busy address waits after the latest of its `failures` failures (any emails) while Turnstile is off. */
export function addressDelayAfter(failures: number): number {
  if (failures < THROTTLE.perAddress) return 0;
  return Math.min(THROTTLE.addressMaxWaitSeconds, 2 ** (failures - THROTTLE.perAddress + 1));
}

/**
 * The SQL of `delayAfter`/`addressDelayAfter` for a count `n` (the shift is capped: 2^20 s exceeds any cap).
 * Both stay in step with the functions above (tests/worker/sign-in-protection.test.ts).
 */
const delaySql = (n: string, free: number, cap: number) => `min(${cap}, 1 << min(${n} - ${free - 1}, 20))`;

/** How a claim treats the email and address counts: Turnstile off, on without a checked token, on with one. */
export type HumanCheck = "off" | "unchecked" | "checked";

const MAY_PROCEED: Record<HumanCheck, string> = {
  off: `(address.n < ${THROTTLE.perAddress}
          OR address.lastAt + ${delaySql("address.n", THROTTLE.perAddress, THROTTLE.addressMaxWaitSeconds)} <= ?4)`,
  unchecked: `email.n < ${THROTTLE.perEmail} AND address.n < ${THROTTLE.perAddress}`,
  checked: "1",
};

/**
 * Counts a sign-in attempt of `email` from `ip` if it may be tried now, in one statement: its three rows
 * (pair, email, address) are inserted only when the counts before it allow, so concurrent attempts are
 * decided one after another. SQLite reads the whole SELECT before inserting (it reads the table it fills),
 * so the three rows are all or nothing. Answers the new rows' keys, or null when the attempt must wait.
 */
export async function claimSignIn(
  d1: D1Database,
  email: string,
  ip: string,
  human: HumanCheck,
): Promise<ClaimedAttempt[] | null> {
  const now = nowSeconds();
  const claimed = await d1
    .prepare(
      `INSERT INTO login_attempts (attemptKey, createdAt)
       SELECT k.column1, ?4
         FROM (VALUES (?1), (?2), (?3)) AS k,
              (SELECT count(*) AS n, max(createdAt) AS lastAt FROM login_attempts WHERE attemptKey = ?1 AND createdAt > ?5) AS pair,
              (SELECT count(*) AS n FROM login_attempts WHERE attemptKey = ?2 AND createdAt > ?5) AS email,
              (SELECT count(*) AS n, max(createdAt) AS lastAt FROM login_attempts WHERE attemptKey = ?3 AND createdAt > ?5) AS address
        WHERE (pair.n < ${THROTTLE.freeFailures}
               OR pair.lastAt + ${delaySql("pair.n", THROTTLE.freeFailures, THROTTLE.windowSeconds)} <= ?4)
          AND ${MAY_PROCEED[human]}
       RETURNING attemptKey, createdAt, attemptId`,
    )
    .bind(pairKey(email, ip), emailKey(email), addressKey(ip), now, now - THROTTLE.windowSeconds)
    .all<ClaimedAttempt>();
  return claimed.results.length > 0 ? claimed.results : null;
}

/** A counted attempt's row (migration 0410: the table is keyed by these three). */
export interface ClaimedAttempt {
  attemptKey: string;
  createdAt: number;
  attemptId: number;
}

export interface SignInState {
  /** Seconds before this (email, address) may try again; 0 when it may now. */
  waitSeconds: number;
  /** Seconds before this address may try again while Turnstile is off; 0 when it may now. */
  addressWaitSeconds: number;
  /** This address failed too often, for whatever emails. */
  addressExhausted: boolean;
  /** This email failed repeatedly, from whatever addresses. */
  emailTargeted: boolean;
}

/** Why an attempt may not proceed (read after a refused claim): one read of the attempts' index. */
export async function signInState(d1: D1Database, email: string, ip: string): Promise<SignInState> {
  const now = nowSeconds();
  const row = await d1
    .prepare(
      `SELECT sum(attemptKey = ?1) AS byPair, max(CASE WHEN attemptKey = ?1 THEN createdAt END) AS lastPair,
              sum(attemptKey = ?2) AS byEmail, sum(attemptKey = ?3) AS byAddress,
              max(CASE WHEN attemptKey = ?3 THEN createdAt END) AS lastAddress
         FROM login_attempts WHERE attemptKey IN (?1, ?2, ?3) AND createdAt > ?4`,
    )
    .bind(pairKey(email, ip), emailKey(email), addressKey(ip), now - THROTTLE.windowSeconds)
    .first<{
      byPair: number | null;
      lastPair: number | null;
      byEmail: number | null;
      byAddress: number | null;
      lastAddress: number | null;
    }>();
  const byPair = row?.byPair ?? 0;
  const byAddress = row?.byAddress ?? 0;
  const waitSeconds = byPair > 0 ? Math.max(0, (row?.lastPair ?? now) + delayAfter(byPair) - now) : 0;
  const addressWaitSeconds = byAddress > 0 ? Math.max(0, (row?.lastAddress ?? now) + addressDelayAfter(byAddress) - now) : 0;
  return {
    waitSeconds,
    addressWaitSeconds,
    addressExhausted: byAddress >= THROTTLE.perAddress,
    emailTargeted: (row?.byEmail ?? 0) >= THROTTLE.perEmail,
  };
}

/** Takes back the count of attempts whose secret turned out right (their keys, from `claimSignIn`). */
export function forgetAttempts(d1: D1Database, attempts: ClaimedAttempt[]): D1PreparedStatement {
  return d1
    .prepare(
      `DELETE FROM login_attempts WHERE (attemptKey, createdAt, attemptId) IN
         (SELECT json_extract(value, '$.attemptKey'), json_extract(value, '$.createdAt'), json_extract(value, '$.attemptId')
            FROM json_each(?1))`,
    )
    .bind(JSON.stringify(attempts));
}

/** After a sign-in: the email's failures, from here and elsewhere, no longer count. */
export function clearEmailFailures(d1: D1Database, email: string, ip: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM login_attempts WHERE attemptKey IN (?1, ?2)").bind(emailKey(email), pairKey(email, ip));
}

/**
 * Counts one attempt of `attemptKey` when fewer than `limit` are counted (since `since`, in seconds), in one
 * statement: true when this attempt may proceed.
 */
export async function claimAttempt(d1: D1Database, attemptKey: string, limit: number, since = 0): Promise<boolean> {
  const claimed = await d1
    .prepare(
      `INSERT INTO login_attempts (attemptKey, createdAt)
       SELECT ?1, ?2 WHERE (SELECT count(*) FROM login_attempts WHERE attemptKey = ?1 AND createdAt > ?3) < ?4
       RETURNING attemptId`,
    )
    .bind(attemptKey, nowSeconds(), since, limit)
    .all();
  return claimed.results.length > 0;
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
