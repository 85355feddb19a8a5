import { nowSeconds } from "../db";
import { tooManyRequests } from "../errors";

/** Failed sign-ins allowed per window: per email address, and per client address. */
export const THROTTLE = { windowSeconds: 15 * 60, perEmail: 5, perAddress: 20 } as const;

export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip || "unknown"}`;

/** Refuses with 429 when either key has used up its failures in the window. */
export async function assertNotThrottled(d1: D1Database, email: string, ip: string): Promise<void> {
  const since = nowSeconds() - THROTTLE.windowSeconds;
  const row = await d1
    .prepare(
      `SELECT sum(attemptKey = ?1) AS byEmail, sum(attemptKey = ?2) AS byAddress
         FROM login_attempts WHERE attemptKey IN (?1, ?2) AND createdAt > ?3`,
    )
    .bind(emailKey(email), addressKey(ip), since)
    .first<{ byEmail: number | null; byAddress: number | null }>();
  if ((row?.byEmail ?? 0) >= THROTTLE.perEmail || (row?.byAddress ?? 0) >= THROTTLE.perAddress) {
    throw tooManyRequests("tooManySignIns");
  }
}

export function failureStatements(d1: D1Database, email: string, ip: string): D1PreparedStatement[] {
  const insert = d1.prepare("INSERT INTO login_attempts (attemptKey, createdAt) VALUES (?1, ?2)");
  const now = nowSeconds();
  return [insert.bind(emailKey(email), now), insert.bind(addressKey(ip), now)];
}

export function clearEmailFailures(d1: D1Database, email: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM login_attempts WHERE attemptKey = ?1").bind(emailKey(email));
}

/** Removes attempts older than the window (cron). */
export function pruneAttempts(d1: D1Database): Promise<D1Result> {
  return d1
    .prepare("DELETE FROM login_attempts WHERE createdAt < ?1")
    .bind(nowSeconds() - THROTTLE.windowSeconds)
    .run();
}
