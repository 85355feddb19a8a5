import { sql } from "kysely";
import { prepare, type DB } from "../../db";
import type { Portal } from "../context";
import { queueMail } from "../outbox/queue";
import { notificationInsert, notificationMail, unsubscribeLinks, type NewNotification } from "../notifications/notify";
import { effectiveRemaining } from "./grants";

/**
 * The cron's step for points that expire (decision 0028): first the reminder 7 days before, then the
 * expiry of what is left of each grant at its date. Both read the live grants by expiry
 * (quota_grants_due) and at most `batch` of them; what is left waits for the next run.
 */

const DAY = 86_400_000;
/** How long before its expiry a grant's reminder goes. */
export const REMINDER_DAYS = 7;
export const EXPIRY_BATCH = 100;

export interface PointsExpiryRun {
  db: DB;
  d1: D1Database;
  portal: Portal;
  /** The session pepper: it signs the unsubscribe links. */
  pepper: string;
  now?: Date;
  batch?: number;
}

export interface PointsExpiryOutcome {
  reminded: number;
  expired: number;
}

/**
 * A reminder per grant expiring within 7 days, with points really left: a bell notice (unique per user and
 * occasion) and, for those who take low-balance mails, its mail queued only where that notice was just
 * written, so overlapping runs send it once. remindedAt keeps reminded grants out of the next scans.
 */
async function remind(run: PointsExpiryRun, now: Date, batch: number): Promise<number> {
  const rows = await run.db
    .selectFrom("quota_grants as g")
    .innerJoin("users as u", "u.userId", "g.userId")
    .select(["g.grantId", "g.userId", "g.expiresAt", "u.userEmail", "u.userName", "u.mailLanguage", "u.mailLowBalance"])
    .select(sql<number>`${sql.raw(effectiveRemaining("g", "u.userQuota"))}`.as("points"))
    .where("g.remaining", ">", 0)
    .where("g.expiresAt", ">", now.toISOString())
    .where("g.expiresAt", "<=", new Date(now.getTime() + REMINDER_DAYS * DAY).toISOString())
    .where("g.remindedAt", "is", null)
    .where("u.deletedAt", "is", null)
    .orderBy("g.expiresAt")
    .limit(batch)
    .execute();
  const statements: D1PreparedStatement[] = [];
  const noticeAt: number[] = [];
  for (const row of rows) {
    if (row.points > 0) {
      const notification: NewNotification<"points-expiring"> = {
        userId: row.userId,
        kind: "points-expiring",
        occasion: `points-expiring:${row.grantId}`,
        params: { points: row.points, expiresAt: row.expiresAt },
        link: "/portal/quota",
      };
      noticeAt.push(statements.length);
      statements.push(prepare(run.d1, notificationInsert(run.db, notification)));
      if (row.mailLowBalance === 1) {
        const links = await unsubscribeLinks(run.portal, run.pepper, row.userId, "lowBalance");
        const recipient = { email: row.userEmail, name: row.userName, language: row.mailLanguage };
        const mail = notificationMail(run.portal, recipient, notification, links);
        statements.push(prepare(run.d1, queueMail(run.db, mail, sql<boolean>`changes() = 1`)));
      }
    }
    statements.push(
      run.d1
        .prepare("UPDATE quota_grants SET remindedAt = ?1 WHERE grantId = ?2 AND remindedAt IS NULL")
        .bind(now.toISOString(), row.grantId),
    );
  }
  if (statements.length === 0) return 0;
  const results = await run.d1.batch(statements);
  return noticeAt.filter((i) => results[i]!.meta.changes > 0).length;
}

/**
 * Expires what is left of each due grant, one transaction per run: per grant a ledger row (ref
 * "expire:<grantId>", UNIQUE) taking what is really left, the balance less that row's points, and the
 * grant emptied. Each statement holds only while the grant still has points left, so a second or
 * overlapping run changes nothing, and the balance stays the sum of the ledger.
 */
async function expire(run: PointsExpiryRun, now: Date, batch: number): Promise<number> {
  const iso = now.toISOString();
  const due = await run.db
    .selectFrom("quota_grants")
    .select(["grantId"])
    .where("remaining", ">", 0)
    .where("expiresAt", "<=", iso)
    .orderBy("expiresAt")
    .limit(batch)
    .execute();
  if (due.length === 0) return 0;
  const live = "grantId = ?1 AND remaining > 0 AND expiresAt <= ?2";
  const statements = due.flatMap(({ grantId }) => {
    const ref = `expire:${grantId}`;
    return [
      run.d1
        .prepare(
          `INSERT INTO quota_ledger (userId, delta, reason, ref, note)
           SELECT userId, -take, 'grant', ?3, note FROM (
             SELECT g.userId, g.note, ${effectiveRemaining("g", "u.userQuota")} AS take
             FROM quota_grants g JOIN users u ON u.userId = g.userId WHERE g.grantId = ?1 AND g.remaining > 0 AND g.expiresAt <= ?2)
           WHERE take > 0
           ON CONFLICT (ref) DO NOTHING`,
        )
        .bind(grantId, iso, ref),
      run.d1
        .prepare(
          `UPDATE users SET userQuota = userQuota + (SELECT delta FROM quota_ledger WHERE ref = ?3), updatedAt = ?2
           WHERE userId = (SELECT userId FROM quota_grants WHERE ${live}) AND EXISTS (SELECT 1 FROM quota_ledger WHERE ref = ?3)`,
        )
        .bind(grantId, iso, ref),
      run.d1.prepare(`UPDATE quota_grants SET remaining = 0, expiredAt = ?2 WHERE ${live}`).bind(grantId, iso),
    ];
  });
  const results = await run.d1.batch(statements);
  return results.filter((result, i) => i % 3 === 2 && result.meta.changes > 0).length;
}

/** One cron run: the reminders, then the expiries; answers how many of each this run made. */
export async function expirePoints(run: PointsExpiryRun): Promise<PointsExpiryOutcome> {
  const now = run.now ?? new Date();
  const batch = run.batch ?? EXPIRY_BATCH;
  const reminded = await remind(run, now, batch);
  const expired = await expire(run, now, batch);
  return { reminded, expired };
}
