/**
 * The statements of dashboard-stats, sent as one batch (one round trip). Business figures read the
 * roll-ups of migration 0190, one row per day (and per payment status, site, vendor account): a period
 * is the sum of its days. Subscriptions active at a moment are the cron's count at the day's start
 * (subscription_days, ./subscriptions.ts) and the starts and ends since. The caller's own figures read
 * their own rows through per-user indexes. Days are UTC days, YYYY-MM-DD; `from` ≤ day < `to`.
 */

/** A statement: SQL with numbered parameters (?1…) and their values. */
export interface Statement {
  sql: string;
  binds: readonly unknown[];
}

/** Catalogue sizes for the "getting started" card: the catalogue tables are small, the users counted by their counter. */
export const setup = (): Statement => ({
  sql: `SELECT (SELECT count(*) FROM sites) AS sites,
      (SELECT count(*) FROM vendor_accounts WHERE vendorIsActive = 1) AS activeVendors,
      (SELECT count(*) FROM bundles WHERE bundleIsActive = 1) AS bundles,
      (SELECT count(*) FROM items WHERE itemIsActive = 1) AS items,
      coalesce((SELECT counterValue FROM counters WHERE counterName = 'users'), 0) AS users,
      coalesce((SELECT counterValue FROM counters WHERE counterName = 'payments'), 0) > 0 AS hasPayments`,
  binds: [],
});

export const DAILY_FIGURES = [
  "paidCount",
  "paidAmount",
  "paymentsCreated",
  "newUsers",
  "pointsGrant",
  "pointsSpend",
  "pointsRefund",
  "pointsRedeem",
  "jobsCreated",
  "jobsDone",
  "jobsFailed",
  "couponsRedeemed",
] as const;

/** The daily rows of the days `from` ≤ day < `to`. */
export const days = (from: string, to: string): Statement => ({
  sql: `SELECT day, ${DAILY_FIGURES.join(", ")} FROM daily_stats WHERE day >= ?1 AND day < ?2`,
  binds: [from, to],
});

/** Payments created in the days, by their status now: count and amount. */
export const paymentsByStatus = (from: string, to: string): Statement => ({
  sql: `SELECT status, sum(n) AS n, sum(amount) AS amount FROM daily_payment_stats
    WHERE day >= ?1 AND day < ?2 GROUP BY status`,
  binds: [from, to],
});

/**
 * Subscriptions active at `moment` (ISO), per item (dimId) and in all (dimId 0), with the item's name:
 * the count at the start of the latest counted day up to the moment's (none: 0, from the beginning),
 * plus the starts and less the ends since (subscriptions_starts, subscriptions_ends).
 */
export const subscriptionsAt = (moment: string): Statement => ({
  sql: `WITH base(day) AS (SELECT max(day) FROM subscription_days WHERE day <= ?1),
      since(at) AS (SELECT coalesce((SELECT day FROM base) || 'T00:00:00.000Z', ''))
    SELECT e.itemId AS dimId, coalesce(i.itemName, '') AS itemName, e.n FROM (
      SELECT itemId, sum(n) AS n FROM (
        SELECT itemId, active AS n FROM subscription_days WHERE day = (SELECT day FROM base)
        UNION ALL SELECT k.column1 * s.itemId, 1 FROM since, subscriptions s, (VALUES (1), (0)) k
          WHERE s.startsAt > since.at AND s.startsAt <= ?2
        UNION ALL SELECT k.column1 * s.itemId, -1 FROM since, subscriptions s, (VALUES (1), (0)) k
          WHERE s.endsAt > since.at AND s.endsAt <= ?2
      ) GROUP BY itemId
    ) e LEFT JOIN items i ON i.itemId = e.itemId WHERE e.n <> 0`,
  binds: [moment.slice(0, 10), moment],
});

/** The 10 sites with the most jobs created in the days (siteId 0: deleted sites). */
export const jobsBySite = (from: string, to: string): Statement => ({
  sql: `SELECT g.siteId, coalesce(s.siteName, '') AS siteName, g.jobs, g.done, g.failed, g.points
    FROM (SELECT siteId, sum(jobs) AS jobs, sum(done) AS done, sum(failed) AS failed, sum(points) AS points
          FROM daily_site_stats WHERE day >= ?1 AND day < ?2 GROUP BY siteId HAVING sum(jobs) <> 0) g
    LEFT JOIN sites s ON s.siteId = g.siteId ORDER BY g.jobs DESC LIMIT 10`,
  binds: [from, to],
});

/** Vendor accounts by jobs created in the days, with their queue now (queued jobs: history_status). */
export const vendorLoad = (from: string, to: string): Statement => ({
  sql: `SELECT v.vendorId, v.vendorName, v.vendorIsActive, coalesce(s.siteName, '') AS siteName,
      coalesce(j.jobs, 0) AS jobs, coalesce(q.n, 0) AS queued
    FROM vendor_accounts v
    LEFT JOIN sites s ON s.siteId = v.vendorSiteID
    LEFT JOIN (SELECT vendorId, sum(jobs) AS jobs FROM daily_vendor_stats WHERE day >= ?1 AND day < ?2 GROUP BY vendorId) j
      ON j.vendorId = v.vendorId
    LEFT JOIN (SELECT vendorId, count(*) AS n FROM history WHERE status = 0 GROUP BY vendorId) q ON q.vendorId = v.vendorId
    ORDER BY jobs DESC, queued DESC, v.vendorName LIMIT 20`,
  binds: [from, to],
});

/** The caller's balance (users primary key). */
export const ownQuota = (userId: number): Statement => ({
  sql: "SELECT userQuota FROM users WHERE userId = ?1",
  binds: [userId],
});

/**
 * The caller's own days from `from` on (daily_user_stats): points added and used, jobs created and how
 * many of them are done and failed. The days after the period tell the balance at its start.
 */
export const ownDays = (userId: number, from: string): Statement => ({
  sql: "SELECT day, added, used, jobs, done, failed FROM daily_user_stats WHERE userId = ?1 AND day >= ?2",
  binds: [userId, from],
});

export const ownRecentJobs = (userId: number): Statement => ({
  sql: `SELECT uniqueId, siteName, fileName, status, similarity, pointsSpent, createdAt
    FROM history WHERE userId = ?1 ORDER BY historyId DESC LIMIT 5`,
  binds: [userId],
});

export const ownSubscriptions = (userId: number, now: string): Statement => ({
  sql: `SELECT sub.subscriptionId, sub.itemId, i.itemName, sub.startsAt, sub.endsAt
    FROM subscriptions sub JOIN items i ON i.itemId = sub.itemId
    WHERE sub.userId = ?1 AND sub.endsAt > ?2 ORDER BY sub.endsAt LIMIT 20`,
  binds: [userId, now],
});
