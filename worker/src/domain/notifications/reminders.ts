import { sql } from "kysely";
import type { NotificationKind } from "../../contract/notifications";
import { prepare, type DB } from "../../db";
import type { UserRow } from "../../db/schema";
import type { Portal } from "../context";
import { queueMail } from "../outbox/queue";
import {
  MAIL_PREFERENCE_OF,
  notificationInsert,
  notificationMail,
  unsubscribeLinks,
  type NewNotification,
  type Recipient,
} from "./notify";

/**
 * The reminders and alerts the cron computes (issue 24), each once per occasion: a notification row is
 * unique per user and occasion, and its mail is queued in the same batch only where that insert wrote
 * a row, so a rerun or two overlapping runs send nothing twice. Each finder reads a bounded window
 * through an index and at most `batch` candidates; what is left waits for the next run (5 minutes).
 *
 * - a subscription ending in 7 days and in 1 day (only one that lasts longer than that), and ended,
 *   when no later subscription to the same item follows it: link to buy the item again;
 * - a pending payment 24 hours before it expires (half its life before, for one shorter than two days):
 *   link to its payment page;
 * - the balance below the user's threshold after a spend, once per crossing: link to the bundles.
 */

const DAY = 86_400_000;
/** How far back spends are looked at for a crossing (the cron runs every 5 minutes; a margin for outages). */
const SPEND_WINDOW_MS = 6 * 3600_000;
export const REMINDER_BATCH = 200;

export interface ReminderRun {
  db: DB;
  d1: D1Database;
  portal: Portal;
  /** The session pepper: it signs the unsubscribe links. */
  pepper: string;
  now?: Date;
  batch?: number;
}

/** A notification due for a user, and whether its mail is wanted. */
interface Due {
  recipient: Recipient;
  mailOn: boolean;
  notification: NewNotification;
}

type RecipientRow = Pick<UserRow, "userId" | "userEmail" | "userName" | "mailLanguage">;

const recipientOf = (row: RecipientRow): Recipient => ({ email: row.userEmail, name: row.userName, language: row.mailLanguage });

/** SQL: no notification of `occasion` for `userId` yet (the unique notifications_occasion index). */
const notYet = (userId: string, occasion: ReturnType<typeof sql>) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM notifications n WHERE n.userId = ${sql.ref(userId)} AND n.occasion = ${occasion})`;

async function subscriptionsDue(db: DB, now: Date, batch: number): Promise<Due[]> {
  const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const windows = [
    { kind: "subscription-ending", tag: "subscription-ending-7d", from: iso(DAY), to: iso(7 * DAY), longerThanDays: 7 },
    { kind: "subscription-ending", tag: "subscription-ending-1d", from: iso(0), to: iso(DAY), longerThanDays: 1 },
    { kind: "subscription-ended", tag: "subscription-ended", from: iso(-DAY), to: iso(0), longerThanDays: 0 },
  ] as const;
  const due: Due[] = [];
  for (const w of windows) {
    const occasion = sql`${`${w.tag}:`} || s.subscriptionId`;
    const rows = await db
      .selectFrom("subscriptions as s")
      .innerJoin("users as u", "u.userId", "s.userId")
      .innerJoin("items as i", "i.itemId", "s.itemId")
      // The card an auto-renewing subscription is charged to, named by the reminder.
      .leftJoin("payment_methods as pm", (join) => join.onRef("pm.userId", "=", "s.userId").on("pm.isDefault", "=", 1))
      .select([
        "s.subscriptionId",
        "s.userId",
        "s.itemId",
        "s.endsAt",
        "s.autoRenew",
        "pm.brand",
        "pm.last4",
        "i.itemName",
        "u.userEmail",
        "u.userName",
        "u.mailLanguage",
        "u.mailSubscriptionEnding",
      ])
      .where("s.endsAt", ">", w.from)
      .where("s.endsAt", "<=", w.to)
      .where("u.deletedAt", "is", null)
      .where("u.userIsActive", "=", 1)
      .where(sql<boolean>`julianday(s.endsAt) - julianday(s.startsAt) > ${w.longerThanDays}`)
      // The last of a chain only: a renewal runs on from where this one ends.
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM subscriptions later
          WHERE later.userId = s.userId AND later.itemId = s.itemId AND later.endsAt > s.endsAt)`,
      )
      .where(notYet("s.userId", occasion))
      .limit(batch)
      .execute();
    for (const row of rows) {
      const link = `/payment/payment?kind=item&refId=${row.itemId}`;
      const days = Math.max(1, Math.ceil((Date.parse(row.endsAt) - now.getTime()) / DAY));
      const notification: NewNotification =
        w.kind === "subscription-ending"
          ? {
              userId: row.userId,
              kind: w.kind,
              occasion: `${w.tag}:${row.subscriptionId}`,
              params: {
                item: row.itemName,
                endsAt: row.endsAt,
                days,
                ...(row.autoRenew === 1
                  ? { renews: { card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null } }
                  : {}),
              },
              // Renewing by itself, the reminder leads to the saved cards and the auto-renew choice.
              link: row.autoRenew === 1 ? "/pages/account-settings/billing" : link,
            }
          : {
              userId: row.userId,
              kind: w.kind,
              occasion: `${w.tag}:${row.subscriptionId}`,
              params: { item: row.itemName, endedAt: row.endsAt },
              link,
            };
      due.push({ recipient: recipientOf(row), mailOn: row.mailSubscriptionEnding === 1, notification });
    }
  }
  return due;
}

async function paymentsDue(db: DB, now: Date, batch: number): Promise<Due[]> {
  const iso = now.toISOString();
  const rows = await db
    .selectFrom("payments as p")
    .innerJoin("users as u", "u.userId", "p.userId")
    .select([
      "p.referenceId",
      "p.userId",
      "p.amount",
      "p.currency",
      "p.expiresAt",
      "u.userEmail",
      "u.userName",
      "u.mailLanguage",
      "u.mailPaymentReminder",
    ])
    .where("p.status", "=", "pending")
    .where("p.expiresAt", ">", iso)
    .where("p.expiresAt", "<=", new Date(now.getTime() + DAY).toISOString())
    // 24 hours before, or half its life before for a payment that lasts less than two days.
    .where(
      sql<boolean>`julianday(${iso}) >= julianday(p.expiresAt) - min(1.0, (julianday(p.expiresAt) - julianday(p.createdAt)) / 2)`,
    )
    .where("u.deletedAt", "is", null)
    .where(notYet("p.userId", sql`'payment-reminder:' || p.referenceId`))
    .limit(batch)
    .execute();
  return rows.map((row) => ({
    recipient: recipientOf(row),
    mailOn: row.mailPaymentReminder === 1,
    notification: {
      userId: row.userId,
      kind: "payment-reminder",
      occasion: `payment-reminder:${row.referenceId}`,
      params: { amount: row.amount, currency: row.currency, expiresAt: row.expiresAt },
      link: `/payment/${row.referenceId}`,
    },
  }));
}

/** The low-balance statement's row (raw SQL): users columns, and what it computes. */
type CrossingRow = RecipientRow & Pick<UserRow, "userQuota" | "mailLowBalance"> & { ledgerId: number; threshold: number };

/**
 * Spends of the last hours that took a balance from at or above the user's threshold to below it, for
 * users still below it. The balance after each ledger row is the balance now less the rows after it
 * (balance = sum of the ledger); the default threshold is the price of the site the user used most.
 */
async function lowBalancesDue(db: DB, now: Date, batch: number): Promise<Due[]> {
  const since = new Date(now.getTime() - SPEND_WINDOW_MS).toISOString();
  const rows = await sql<CrossingRow>`
    WITH spenders AS (SELECT DISTINCT userId FROM quota_ledger WHERE reason = 'spend' AND createdAt > ${since}),
    thresholds AS (
      SELECT u.userId, coalesce(u.lowBalanceThreshold,
        (SELECT s.sitePrice FROM history h JOIN sites s ON s.siteId = h.siteId WHERE h.userId = u.userId
          GROUP BY h.siteId ORDER BY count(*) DESC, max(h.historyId) DESC LIMIT 1), 0) AS threshold
      FROM users u JOIN spenders USING (userId)
      WHERE u.deletedAt IS NULL AND u.userIsActive = 1),
    recent AS (
      SELECT l.ledgerId, l.userId, l.delta, l.reason,
        u.userQuota - coalesce(sum(l.delta) OVER (PARTITION BY l.userId ORDER BY l.ledgerId DESC
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS balanceAfter
      FROM quota_ledger l JOIN thresholds t USING (userId) JOIN users u ON u.userId = l.userId
      WHERE l.createdAt > ${since} AND t.threshold > 0)
    SELECT r.ledgerId, r.userId, u.userQuota, t.threshold, u.userEmail, u.userName, u.mailLanguage, u.mailLowBalance
    FROM recent r JOIN thresholds t USING (userId) JOIN users u ON u.userId = r.userId
    WHERE r.reason = 'spend' AND r.balanceAfter < t.threshold AND r.balanceAfter - r.delta >= t.threshold
      AND u.userQuota < t.threshold
      AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.userId = r.userId AND n.occasion = 'low-balance:' || r.ledgerId)
    ORDER BY r.ledgerId
    LIMIT ${batch}`.execute(db);
  return rows.rows.map((row) => ({
    recipient: recipientOf(row),
    mailOn: row.mailLowBalance === 1,
    notification: {
      userId: row.userId,
      kind: "low-balance",
      occasion: `low-balance:${row.ledgerId}`,
      params: { balance: row.userQuota, threshold: row.threshold },
      link: "/portal/bundle",
    },
  }));
}

/** Writes each due notification and, where it is new and wanted, its mail: one batch per 50. */
async function notifyAll(run: ReminderRun, due: Due[]): Promise<Partial<Record<NotificationKind, number>>> {
  const created: Partial<Record<NotificationKind, number>> = {};
  for (let start = 0; start < due.length; start += 50) {
    const statements: D1PreparedStatement[] = [];
    /** Per statement, the kind of the notification it inserts (null: a mail). */
    const inserts: Array<NotificationKind | null> = [];
    for (const { recipient, mailOn, notification } of due.slice(start, start + 50)) {
      statements.push(prepare(run.d1, notificationInsert(run.db, notification)));
      inserts.push(notification.kind);
      const preference = MAIL_PREFERENCE_OF[notification.kind];
      if (!mailOn || !preference) continue;
      const links = await unsubscribeLinks(run.portal, run.pepper, notification.userId, preference);
      const mail = notificationMail(run.portal, recipient, notification, links);
      // Only where the insert just before wrote the notification: once per occasion, whoever runs.
      statements.push(prepare(run.d1, queueMail(run.db, mail, sql<boolean>`changes() = 1`)));
      inserts.push(null);
    }
    const results = await run.d1.batch(statements);
    results.forEach((result, i) => {
      const kind = inserts[i];
      if (kind && result.meta.changes > 0) created[kind] = (created[kind] ?? 0) + 1;
    });
  }
  return created;
}

/** One cron run of every reminder and alert; answers how many notifications each kind got. */
export async function sendReminders(run: ReminderRun): Promise<Partial<Record<NotificationKind, number>>> {
  const now = run.now ?? new Date();
  const batch = run.batch ?? REMINDER_BATCH;
  const due = [
    ...(await subscriptionsDue(run.db, now, batch)),
    ...(await paymentsDue(run.db, now, batch)),
    ...(await lowBalancesDue(run.db, now, batch)),
  ];
  return notifyAll(run, due);
}
