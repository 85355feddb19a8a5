import { sql } from "kysely";
import { changes, runBatch, type DB } from "../../db";
import type { Portal } from "../context";
import { notificationMail, type NewNotification, type Recipient } from "../notifications/notify";
import { queueMail } from "../outbox/queue";

/** When an account's failures alert: more than `failurePercent` % of at least `minJobs` jobs in an hour. */
export interface AlertThresholds {
  failurePercent: number;
  minJobs: number;
}

export const DEFAULT_THRESHOLDS: AlertThresholds = { failurePercent: 50, minJobs: 5 };

/** The thresholds of the FLEET_ALERT_FAILURE_PERCENT and FLEET_ALERT_MIN_JOBS vars; a blank or bad one is its default. */
export function alertThresholds(percent: string | undefined, minJobs: string | undefined): AlertThresholds {
  const p = Number(percent?.trim() || Number.NaN);
  const n = Number(minJobs?.trim() || Number.NaN);
  return {
    failurePercent: Number.isFinite(p) && p >= 0 && p < 100 ? p : DEFAULT_THRESHOLDS.failurePercent,
    minJobs: Number.isInteger(n) && n >= 1 ? n : DEFAULT_THRESHOLDS.minJobs,
  };
}

const HOUR_MS = 3_600_000;
const FLEET_PAGE = "/apps/logistics/fleet";

type Alert = { key: string; notification: (userId: number) => NewNotification };

/**
 * Who the alerts go to: live, active staff whose role may read the fleet (a `manage all` or a rule
 * on Fleet, not taken back by an inverted one). Roles come first, so only their users are read
 * (users_role), never the clients.
 */
function staffStatement(d1: D1Database) {
  return d1.prepare(
    `SELECT u.userId, u.userEmail AS email, u.userName AS name, u.mailLanguage AS language
     FROM roles r CROSS JOIN users u
     WHERE u.userRole = r.roleName AND u.deletedAt IS NULL AND u.userIsActive = 1
       AND EXISTS (SELECT 1 FROM role_rules g WHERE g.roleId = r.roleId AND g.inverted = 0 AND g.conditions IS NULL
         AND g.action IN ('manage', 'read') AND g.subject IN ('all', 'Fleet'))
       AND NOT EXISTS (SELECT 1 FROM role_rules g WHERE g.roleId = r.roleId AND g.inverted = 1 AND g.conditions IS NULL
         AND g.action IN ('manage', 'read') AND g.subject = 'Fleet')
     LIMIT 100`,
  );
}

/**
 * Cron task: a vendor account that failed more than the set share of its jobs finished in the last
 * hour, or a site whose jobs wait while none of its accounts is active, alerts staff: a bell
 * notification and a mail each. An alert goes out at most once an hour per account (per site): the
 * batch that records it in fleet_alerts writes the notifications and mails only if that record was
 * this run's, so two runs at once, or a run retried, send it once. Answers how many alerts went out.
 */
export async function sendFleetAlerts(options: {
  db: DB;
  d1: D1Database;
  portal: Portal;
  thresholds: AlertThresholds;
  claimCutoff: string;
  now?: number;
}): Promise<number> {
  const { db, d1, portal, thresholds } = options;
  const now = options.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const [failing, stranded] = await d1.batch([
    d1
      .prepare(
        `WITH hour AS MATERIALIZED (SELECT vendorId, status FROM history WHERE status <> 0 AND updatedAt >= ?1)
         SELECT h.vendorId, v.vendorName, s.siteName, count(*) AS finished, sum(h.status = 2) AS failed
         FROM hour h JOIN vendor_accounts v ON v.vendorId = h.vendorId LEFT JOIN sites s ON s.siteId = v.vendorSiteID
         GROUP BY h.vendorId HAVING count(*) >= ?2 AND sum(h.status = 2) * 100 > ?3 * count(*)`,
      )
      .bind(new Date(now - HOUR_MS).toISOString(), thresholds.minJobs, thresholds.failurePercent),
    d1
      .prepare(
        `SELECT w.siteId, s.siteName, w.waiting
         FROM (SELECT siteId, count(*) AS waiting FROM history
               WHERE status = 0 AND (claimedAt IS NULL OR claimedAt < ?1) AND siteId IS NOT NULL GROUP BY siteId) w
         JOIN sites s ON s.siteId = w.siteId
         WHERE NOT EXISTS (SELECT 1 FROM vendor_accounts v WHERE v.vendorSiteID = w.siteId AND v.vendorIsActive = 1)`,
      )
      .bind(options.claimCutoff),
  ]);
  const alerts: Alert[] = [
    ...(
      failing!.results as Array<{
        vendorId: number;
        vendorName: string;
        siteName: string | null;
        finished: number;
        failed: number;
      }>
    ).map((row) => ({
      key: `failing:${row.vendorId}`,
      notification: (userId: number): NewNotification<"fleet-failing"> => ({
        userId,
        kind: "fleet-failing",
        occasion: `fleet-failing:${row.vendorId}:${nowIso}`,
        params: { vendor: row.vendorName, site: row.siteName ?? "", failed: row.failed, finished: row.finished },
        link: FLEET_PAGE,
      }),
    })),
    ...(stranded!.results as Array<{ siteId: number; siteName: string; waiting: number }>).map((row) => ({
      key: `no-vendor:${row.siteId}`,
      notification: (userId: number): NewNotification<"fleet-no-vendor"> => ({
        userId,
        kind: "fleet-no-vendor",
        occasion: `fleet-no-vendor:${row.siteId}:${nowIso}`,
        params: { site: row.siteName, waiting: row.waiting },
        link: FLEET_PAGE,
      }),
    })),
  ];
  if (alerts.length === 0) return 0;

  const staff = (await staffStatement(d1).all<Recipient & { userId: number }>()).results;
  const hourAgo = new Date(now - HOUR_MS).toISOString();
  let sent = 0;
  for (const alert of alerts) {
    // This run's record of the alert: the guard of everything it writes.
    const ours = sql<boolean>`EXISTS (SELECT 1 FROM fleet_alerts WHERE alertKey = ${alert.key} AND alertedAt = ${nowIso})`;
    const writes = staff.flatMap((user) => {
      const notification = alert.notification(user.userId);
      return [
        db
          .insertInto("notifications")
          .columns(["userId", "kind", "occasion", "params", "link"])
          .expression(
            db
              .selectNoFrom((eb) => [
                eb.val(notification.userId).as("userId"),
                eb.val(notification.kind).as("kind"),
                eb.val(notification.occasion).as("occasion"),
                eb.val(JSON.stringify(notification.params)).as("params"),
                eb.val(notification.link).as("link"),
              ])
              .where(ours),
          )
          .onConflict((oc) => oc.columns(["userId", "occasion"]).doNothing()),
        queueMail(db, notificationMail(portal, user, notification, null), ours),
      ];
    });
    const [record] = await runBatch(d1, [
      d1
        .prepare(
          `INSERT INTO fleet_alerts (alertKey, alertedAt) VALUES (?1, ?2)
           ON CONFLICT (alertKey) DO UPDATE SET alertedAt = excluded.alertedAt WHERE alertedAt <= ?3`,
        )
        .bind(alert.key, nowIso, hourAgo),
      ...writes,
    ]);
    if (changes(record) > 0) sent += 1;
  }
  return sent;
}
