import type { FoldedPart } from "../../db/folded";
import { spanRows, type Span } from "./periods";

/**
 * The statements of dashboard-stats. Business figures read roll-ups only (migration 0091): the
 * period's and the previous period's daily_stats rows (2 × range at most), period_stats spans (a few
 * dozen rows per site, vendor account, item or status) and counters. The caller's own figures read
 * their own rows through per-user indexes.
 */

/** A statement of the call, with its columns by name: a part of the call's one folded read (db/folded.ts). */
export type Statement = FoldedPart;

const counter = (name: string) => `(SELECT coalesce(max(counterValue), 0) FROM counters WHERE counterName = '${name}')`;

/** Catalogue sizes for the "getting started" card: counters (migration 0090). */
export const setup = (): Statement => ({
  sql: `SELECT ${counter("sites")} AS sites, ${counter("vendors:active=1")} AS activeVendors,
      ${counter("bundles:active=1")} AS bundles, ${counter("items:active=1")} AS items, ${counter("users")} AS users,
      ${counter("payments")} > 0 AS hasPayments`,
  binds: [],
  columns: ["sites", "activeVendors", "bundles", "items", "users", "hasPayments"],
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
  columns: ["day", ...DAILY_FIGURES],
});

/**
 * Payments created in the spans, by status (dimId = index in the contract's PAYMENT_STATUSES + 1, as
 * migration 0091 numbers them): n and amount.
 */
export function paymentsByStatus(spans: Span[]): Statement {
  const r = spanRows(spans, "period_stats", "ps");
  return {
    sql: `SELECT ps.dimId, sum(ps.n) AS n, sum(ps.points) AS amount FROM ${r.from}
      WHERE ps.metric = 'payments' AND ${r.on} GROUP BY ps.dimId`,
    binds: r.binds,
    columns: ["dimId", "n", "amount"],
  };
}

/**
 * Subscriptions active at a moment, per item (dimId) and in all (dimId 0), with the item's name: the
 * starts and ends of every day up to the moment's day (`spans`, see spansThrough), plus the starts
 * and ends after that day's midnight (`after` < moment ≤ `until`) from the subscriptions themselves.
 */
export function subscriptionsAt(spans: Span[], after: string, until: string): Statement {
  const r = spanRows(spans, "period_stats", "ps");
  // Each start or end of today counts for its item (k = 1) and for every item (k = 2, dimId 0).
  const today = (column: string, delta: number) =>
    `SELECT CASE k.column1 WHEN 1 THEN sub.itemId ELSE 0 END, ${delta} FROM subscriptions sub, (VALUES (1), (2)) k
      WHERE sub.${column} > ? AND sub.${column} <= ?`;
  // A moment at midnight (the start of a period, the end of a past one) has no "today" to add.
  const sinceMidnight = after < until;
  return {
    sql: `SELECT e.dimId, coalesce(i.itemName, '') AS itemName, e.n FROM (
        SELECT dimId, sum(n) AS n FROM (
          SELECT ps.dimId, ps.n FROM ${r.from} WHERE ps.metric = 'subscriptions' AND ${r.on}
          ${sinceMidnight ? `UNION ALL ${today("startsAt", 1)} UNION ALL ${today("endsAt", -1)}` : ""}
        ) GROUP BY dimId
      ) e LEFT JOIN items i ON i.itemId = e.dimId WHERE e.n <> 0`,
    binds: [...r.binds, ...(sinceMidnight ? [after, until, after, until] : [])],
    columns: ["dimId", "itemName", "n"],
  };
}

/** The 10 sites with the most jobs created in the spans (siteId 0: deleted sites). */
export function jobsBySite(spans: Span[]): Statement {
  const r = spanRows(spans, "period_stats", "ps");
  return {
    sql: `SELECT g.dimId AS siteId, coalesce(s.siteName, '') AS siteName, g.jobs, g.done, g.failed, g.points
      FROM (SELECT ps.dimId, sum(ps.n) AS jobs, sum(ps.done) AS done, sum(ps.failed) AS failed, sum(ps.points) AS points
            FROM ${r.from} WHERE ps.metric = 'site' AND ${r.on} GROUP BY ps.dimId HAVING sum(ps.n) <> 0) g
      LEFT JOIN sites s ON s.siteId = g.dimId ORDER BY g.jobs DESC LIMIT 10`,
    binds: r.binds,
    columns: ["siteId", "siteName", "jobs", "done", "failed", "points"],
  };
}

/** Vendor accounts by jobs created in the spans, with their queue now (the counter of queued jobs). */
export function vendorLoad(spans: Span[]): Statement {
  const r = spanRows(spans, "period_stats", "ps");
  return {
    sql: `SELECT v.vendorId, v.vendorName, v.vendorIsActive, coalesce(s.siteName, '') AS siteName,
        coalesce(j.n, 0) AS jobs,
        coalesce((SELECT counterValue FROM counters WHERE counterName = 'history:vendor=' || v.vendorId || ',status=0'), 0) AS queued
      FROM vendor_accounts v
      LEFT JOIN sites s ON s.siteId = v.vendorSiteID
      LEFT JOIN (SELECT ps.dimId, sum(ps.n) AS n FROM ${r.from} WHERE ps.metric = 'vendor' AND ${r.on} GROUP BY ps.dimId) j
        ON j.dimId = v.vendorId
      ORDER BY jobs DESC, queued DESC, v.vendorName LIMIT 20`,
    binds: r.binds,
    columns: ["vendorId", "vendorName", "vendorIsActive", "siteName", "jobs", "queued"],
  };
}

/**
 * The caller's own figures: their balance (users primary key), their roll-ups (user_stats, migration
 * 0093: a few dozen rows however active they are), their 5 latest jobs (history_user) and running
 * subscriptions (subscriptions_user).
 */
export const ownQuota = (userId: number): Statement => ({
  sql: "SELECT userQuota FROM users WHERE userId = ?",
  binds: [userId],
  columns: ["userQuota"],
});

/** Points added and used per day of the days `from` ≤ day < `to`. */
export const ownLedgerByDay = (userId: number, from: string, to: string): Statement => ({
  sql: `SELECT period AS day, added - used AS net, added, used FROM user_stats
    WHERE userId = ? AND grain = 'd' AND period >= ? AND period < ?`,
  binds: [userId, from, to],
  columns: ["day", "net", "added", "used"],
});

/** The net of the user's ledger over the spans (`net`). */
export function ownLedgerNet(userId: number, spans: Span[]): Statement {
  const r = spanRows(spans, "user_stats", "us");
  return {
    sql: `SELECT coalesce(sum(us.added - us.used), 0) AS net FROM ${r.from} WHERE us.userId = ? AND ${r.on}`,
    binds: [...r.binds, userId],
    columns: ["net"],
  };
}

/** The user's jobs created in the spans, and how many of them are done and failed. */
export function ownJobs(userId: number, spans: Span[]): Statement {
  const r = spanRows(spans, "user_stats", "us");
  return {
    sql: `SELECT coalesce(sum(us.jobs), 0) AS jobs, coalesce(sum(us.done), 0) AS done, coalesce(sum(us.failed), 0) AS failed
      FROM ${r.from} WHERE us.userId = ? AND ${r.on}`,
    binds: [...r.binds, userId],
    columns: ["jobs", "done", "failed"],
  };
}

export const ownRecentJobs = (userId: number): Statement => ({
  sql: `SELECT uniqueId, siteName, fileName, status, similarity, pointsSpent, createdAt
    FROM history WHERE userId = ? ORDER BY createdAt DESC LIMIT 5`,
  binds: [userId],
  columns: ["uniqueId", "siteName", "fileName", "status", "similarity", "pointsSpent", "createdAt"],
});

export const ownSubscriptions = (userId: number, now: string): Statement => ({
  sql: `SELECT sub.subscriptionId, sub.itemId, i.itemName, sub.startsAt, sub.endsAt
    FROM subscriptions sub JOIN items i ON i.itemId = sub.itemId
    WHERE sub.userId = ? AND sub.endsAt > ? ORDER BY sub.endsAt LIMIT 20`,
  binds: [userId, now],
  columns: ["subscriptionId", "itemId", "itemName", "startsAt", "endsAt"],
});
