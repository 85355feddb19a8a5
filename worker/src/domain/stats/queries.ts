import { spansSql, type Span } from "./periods";

/**
 * The statements of dashboard-stats. Business figures read roll-ups only (migration 0091): the
 * period's and the previous period's daily_stats rows (2 × range at most), period_stats spans (a few
 * dozen rows per site, vendor account, item or status) and counters. The caller's own figures read
 * their own rows through per-user indexes.
 */

export interface Statement {
  sql: string;
  binds: unknown[];
}

const counter = (name: string) => `(SELECT coalesce(max(counterValue), 0) FROM counters WHERE counterName = '${name}')`;

/** Catalogue sizes for the "getting started" card: counters (migration 0090). */
export const setup = (): Statement => ({
  sql: `SELECT ${counter("sites")} AS sites, ${counter("vendors:active=1")} AS activeVendors,
      ${counter("bundles:active=1")} AS bundles, ${counter("items:active=1")} AS items, ${counter("users")} AS users,
      ${counter("payments")} > 0 AS hasPayments`,
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
  sql: `SELECT day, ${DAILY_FIGURES.join(", ")} FROM daily_stats WHERE day >= ? AND day < ?`,
  binds: [from, to],
});

/** Payment statuses as period_stats dimIds (migration 0091). */
export const PAYMENT_STATUSES = ["pending", "awaiting_confirmation", "paid", "cancelled", "expired"] as const;

/** Payments created in the spans, by status (dimId = index in PAYMENT_STATUSES + 1): n and amount. */
export function paymentsByStatus(spans: Span[]): Statement {
  const where = spansSql(spans);
  return {
    sql: `SELECT dimId, sum(n) AS n, sum(points) AS amount FROM period_stats
      WHERE metric = 'payments' AND ${where.sql} GROUP BY dimId`,
    binds: where.binds,
  };
}

/**
 * Subscriptions active at a moment, per item (dimId) and in all (dimId 0), with the item's name: the
 * starts and ends of every day up to the moment's day (`spans`, see spansThrough), plus the starts
 * and ends after that day's midnight (`after` < moment ≤ `until`) from the subscriptions themselves.
 */
export function subscriptionsAt(spans: Span[], after: string, until: string): Statement {
  const where = spansSql(spans);
  // Each start or end of today counts for its item (k = 1) and for every item (k = 2, dimId 0).
  const today = (column: string, delta: number) =>
    `SELECT CASE k.column1 WHEN 1 THEN sub.itemId ELSE 0 END, ${delta} FROM subscriptions sub, (VALUES (1), (2)) k
      WHERE sub.${column} > ? AND sub.${column} <= ?`;
  return {
    sql: `SELECT e.dimId, coalesce(i.itemName, '') AS itemName, e.n FROM (
        SELECT dimId, sum(n) AS n FROM (
          SELECT dimId, n FROM period_stats WHERE metric = 'subscriptions' AND ${where.sql}
          UNION ALL ${today("startsAt", 1)}
          UNION ALL ${today("endsAt", -1)}
        ) GROUP BY dimId
      ) e LEFT JOIN items i ON i.itemId = e.dimId WHERE e.n <> 0`,
    binds: [...where.binds, after, until, after, until],
  };
}

/** The 10 sites with the most jobs created in the spans (siteId 0: deleted sites). */
export function jobsBySite(spans: Span[]): Statement {
  const where = spansSql(spans);
  return {
    sql: `SELECT g.dimId AS siteId, coalesce(s.siteName, '') AS siteName, g.jobs, g.done, g.failed, g.points
      FROM (SELECT dimId, sum(n) AS jobs, sum(done) AS done, sum(failed) AS failed, sum(points) AS points
            FROM period_stats WHERE metric = 'site' AND ${where.sql} GROUP BY dimId HAVING sum(n) <> 0) g
      LEFT JOIN sites s ON s.siteId = g.dimId ORDER BY g.jobs DESC LIMIT 10`,
    binds: where.binds,
  };
}

/** Vendor accounts by jobs created in the spans, with their queue now (the counter of queued jobs). */
export function vendorLoad(spans: Span[]): Statement {
  const where = spansSql(spans);
  return {
    sql: `SELECT v.vendorId, v.vendorName, v.vendorIsActive, coalesce(s.siteName, '') AS siteName,
        coalesce(j.n, 0) AS jobs,
        coalesce((SELECT counterValue FROM counters WHERE counterName = 'history:vendor=' || v.vendorId || ',status=0'), 0) AS queued
      FROM vendor_accounts v
      LEFT JOIN sites s ON s.siteId = v.vendorSiteID
      LEFT JOIN (SELECT dimId, sum(n) AS n FROM period_stats WHERE metric = 'vendor' AND ${where.sql} GROUP BY dimId) j
        ON j.dimId = v.vendorId
      ORDER BY jobs DESC, queued DESC, v.vendorName LIMIT 20`,
    binds: where.binds,
  };
}

/** The caller's own figures: users primary key, quota_ledger_user, history_user, subscriptions_user. */
export const OWN_SQL = {
  ownQuota: `SELECT userQuota FROM users WHERE userId = ?`,
  ownLedgerByDay: `SELECT substr(createdAt, 1, 10) AS day, sum(delta) AS net,
      sum(CASE WHEN delta > 0 THEN delta ELSE 0 END) AS added, sum(CASE WHEN delta < 0 THEN -delta ELSE 0 END) AS used
    FROM quota_ledger WHERE userId = ? AND createdAt >= ? AND createdAt < ? GROUP BY day`,
  ownLedgerSince: `SELECT coalesce(sum(delta), 0) AS net FROM quota_ledger WHERE userId = ? AND createdAt >= ?`,
  ownJobsByStatus: `SELECT status, count(*) AS n FROM history WHERE userId = ? AND createdAt >= ? AND createdAt < ? GROUP BY status`,
  ownRecentJobs: `SELECT uniqueId, siteName, fileName, status, similarity, pointsSpent, createdAt
    FROM history WHERE userId = ? ORDER BY createdAt DESC LIMIT 5`,
  ownSubscriptions: `SELECT sub.subscriptionId, sub.itemId, i.itemName, sub.startsAt, sub.endsAt
    FROM subscriptions sub JOIN items i ON i.itemId = sub.itemId
    WHERE sub.userId = ? AND sub.endsAt > ? ORDER BY sub.endsAt LIMIT 20`,
} as const;

export const own = (name: keyof typeof OWN_SQL, ...binds: unknown[]): Statement => ({ sql: OWN_SQL[name], binds });
