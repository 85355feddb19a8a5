import { sql } from "kysely";
import type { DB } from "../../db";

/**
 * Points that expire (decision 0028). A purchase line of a bundle with a validity gets a quota_grants row;
 * points that never expire have none. So the balance (users.userQuota) is the live grants' `remaining`
 * plus a never-expiring rest, and every taking of points drains the grants oldest expiry first: the
 * never-expiring rest goes last.
 *
 * A decrease that does not go through here (an admin's negative adjustment, a referral reward taken back)
 * leaves `remaining` summing past the balance; the shortfall belongs to the earliest grants, as a spend
 * would have taken it. `effectiveRemaining` is that reading, used by the quota page, the reminder and the
 * expiry alike, so none of them ever takes or promises more than the balance holds.
 */

/** SQL: what is really left of grant `g` (see above): its remaining, less any shortfall of the later ones. */
export const effectiveRemaining = (g: string, userQuota: string) =>
  `max(0, min(${g}.remaining, ${userQuota} - (SELECT coalesce(sum(later.remaining), 0) FROM quota_grants later
     WHERE later.userId = ${g}.userId AND later.remaining > 0 AND (later.expiresAt, later.grantId) > (${g}.expiresAt, ${g}.grantId))))`;

export interface ConsumeOptions {
  userId: number;
  /** Points taken: a number, or the points a ledger row took (`-delta` of the row with that ref). */
  amount: number | { ledgerRef: string };
  /** Only the grants of this payment (a refund takes back what is left of its own grant). */
  referenceId?: string;
}

/**
 * The statement that drains `amount` points from the user's live grants, oldest expiry first
 * (quota_grants_live), touching only the grants it takes from: a user without expiring points writes
 * nothing. It ends with a WHERE, so a caller may append "AND <its condition>" (grant.ts's `when`).
 */
export function consumeGrantsSql(opts: ConsumeOptions): { text: string; binds: unknown[] } {
  const amount =
    typeof opts.amount === "number" ? "CAST(?3 AS INTEGER)" : "coalesce((SELECT -delta FROM quota_ledger WHERE ref = ?3), 0)";
  return {
    text: `UPDATE quota_grants SET remaining = remaining - min(remaining, a.amount - o.before)
      FROM (SELECT g.grantId, coalesce(sum(g.remaining) OVER (ORDER BY g.expiresAt, g.grantId
              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
            FROM quota_grants g WHERE g.userId = ?1 AND g.remaining > 0 AND (?2 IS NULL OR g.referenceId = ?2)) AS o,
           (SELECT ${amount} AS amount) AS a
      WHERE quota_grants.grantId = o.grantId AND o.before < a.amount`,
    binds: [opts.userId, opts.referenceId ?? null, typeof opts.amount === "number" ? opts.amount : opts.amount.ledgerRef],
  };
}

export function consumeGrants(d1: D1Database, opts: ConsumeOptions): D1PreparedStatement {
  const { text, binds } = consumeGrantsSql(opts);
  return d1.prepare(text).bind(...binds);
}

/** How many expiry dates the quota page lists (a client rarely holds more live grants). */
export const EXPIRIES_SHOWN = 20;

/** The quota page's "what expires when": the user's live grants, soonest first, with what is really left. */
export function expiriesQuery(db: DB, userId: number) {
  return db
    .selectFrom("quota_grants as g")
    .innerJoin("users as u", "u.userId", "g.userId")
    .select(["g.grantId", "g.expiresAt", "g.note"])
    .select(sql<number>`${sql.raw(effectiveRemaining("g", "u.userQuota"))}`.as("points"))
    .where("g.userId", "=", userId)
    .where("g.remaining", ">", 0)
    .orderBy("g.expiresAt")
    .orderBy("g.grantId")
    .limit(EXPIRIES_SHOWN);
}
