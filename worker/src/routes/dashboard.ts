import { row, scopeOf, type AppAbility, type Subject } from "../auth/ability";
import { json } from "../http/respond";
import { route } from "../http/route";
import type { Answer } from "../contract";
import { PAYMENT_STATUSES } from "../contract/commerce";
import { dashboardCalls } from "../contract/dashboard";

/**
 * dashboard-stats: the figures behind the dashboards. Every figure is an aggregate computed by D1
 * over an index range bounded by the period (see migrations/0050_dashboard_indexes.sql); the Worker
 * only reshapes the grouped rows into day-aligned series. Days are UTC days.
 */

const DAY_MS = 86_400_000;
/** The period [start, end) of `range` UTC days ending with the day `end` (today by default). */
export function periodOf(range: number, end: string | undefined, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const lastDay = end && end < today ? end : today;
  const endMs = Date.parse(`${lastDay}T00:00:00.000Z`) + DAY_MS;
  const startMs = endMs - range * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    days: Array.from({ length: range }, (_, i) => iso(startMs + i * DAY_MS).slice(0, 10)),
    prevStart: iso(startMs - range * DAY_MS),
    start: iso(startMs),
    end: iso(endMs),
    // Point-in-time figures (active subscriptions) are taken at the end of the period, or now.
    asOf: iso(Math.min(now.getTime(), endMs)),
  };
}

/**
 * The statements, by name. Each is bounded by an index range: the comment names the index. Exported
 * so a test can check every plan with EXPLAIN QUERY PLAN.
 */
export const SQL = {
  // payments_paid_amount
  revenueByDay: `SELECT substr(paidAt, 1, 10) AS day, count(*) AS n, sum(amount) AS amount
    FROM payments WHERE paidAt >= ?1 AND paidAt < ?2 GROUP BY day`,
  revenueTotal: `SELECT count(*) AS n, coalesce(sum(amount), 0) AS amount FROM payments WHERE paidAt >= ?1 AND paidAt < ?2`,
  // payments_created_status
  paymentsByDayStatus: `SELECT substr(createdAt, 1, 10) AS day, status, count(*) AS n, sum(amount) AS amount
    FROM payments WHERE createdAt >= ?1 AND createdAt < ?2 GROUP BY day, status`,
  // users_created
  usersByDay: `SELECT substr(createdAt, 1, 10) AS day, count(*) AS n FROM users WHERE createdAt >= ?1 AND createdAt < ?2 GROUP BY day`,
  usersTotal: `SELECT count(*) AS n FROM users WHERE createdAt >= ?1 AND createdAt < ?2`,
  // subscriptions_active (endsAt > the moment)
  activeSubscriptions: `SELECT
      (SELECT count(*) FROM subscriptions WHERE endsAt > ?1 AND startsAt <= ?1) AS current,
      (SELECT count(*) FROM subscriptions WHERE endsAt > ?2 AND startsAt <= ?2) AS previous`,
  subscriptionsByItem: `SELECT sub.itemId, i.itemName, count(*) AS n
    FROM subscriptions sub INDEXED BY subscriptions_active JOIN items i ON i.itemId = sub.itemId
    WHERE sub.endsAt > ?1 AND sub.startsAt <= ?1 GROUP BY sub.itemId ORDER BY n DESC LIMIT 10`,
  // quota_ledger_reason_delta
  ledgerByDayReason: `SELECT substr(createdAt, 1, 10) AS day, reason, sum(delta) AS points
    FROM quota_ledger WHERE reason IN ('grant', 'spend', 'refund', 'redeem') AND createdAt >= ?1 AND createdAt < ?2
    GROUP BY day, reason`,
  ledgerTotal: `SELECT reason, sum(delta) AS points FROM quota_ledger
    WHERE reason IN ('grant', 'spend', 'refund', 'redeem') AND createdAt >= ?1 AND createdAt < ?2 GROUP BY reason`,
  // history_created_stats (the total: history_newest)
  jobsByDayStatus: `SELECT substr(createdAt, 1, 10) AS day, status, count(*) AS n
    FROM history WHERE createdAt >= ?1 AND createdAt < ?2 GROUP BY day, status`,
  jobsTotal: `SELECT count(*) AS n FROM history WHERE createdAt >= ?1 AND createdAt < ?2`,
  jobsBySite: `SELECT g.siteId, coalesce(s.siteName, '') AS siteName, g.jobs, g.done, g.failed, g.points
    FROM (SELECT siteId, count(*) AS jobs, sum(status = 1) AS done, sum(status = 2) AS failed, sum(pointsSpent) AS points
          FROM history INDEXED BY history_created_stats WHERE createdAt >= ?1 AND createdAt < ?2 GROUP BY siteId) g
    LEFT JOIN sites s ON s.siteId = g.siteId ORDER BY g.jobs DESC LIMIT 10`,
  // history_created_stats for the period, history_status for the queue (status 0 is a short backlog)
  vendorLoad: `SELECT v.vendorId, v.vendorName, v.vendorIsActive, coalesce(s.siteName, '') AS siteName,
      coalesce(j.n, 0) AS jobs, coalesce(q.n, 0) AS queued
    FROM vendor_accounts v
    LEFT JOIN sites s ON s.siteId = v.vendorSiteID
    LEFT JOIN (SELECT vendorId, count(*) AS n FROM history INDEXED BY history_created_stats
               WHERE createdAt >= ?1 AND createdAt < ?2 GROUP BY vendorId) j ON j.vendorId = v.vendorId
    LEFT JOIN (SELECT vendorId, count(*) AS n FROM history INDEXED BY history_status
               WHERE status = 0 GROUP BY vendorId) q ON q.vendorId = v.vendorId
    ORDER BY jobs DESC, queued DESC, v.vendorName LIMIT 20`,
  // coupons_used_date
  couponsByDay: `SELECT substr(couponUsedDate, 1, 10) AS day, count(*) AS n, sum(couponQuota) AS points
    FROM coupons WHERE couponUsedDate >= ?1 AND couponUsedDate < ?2 GROUP BY day`,
  couponsTotal: `SELECT count(*) AS n FROM coupons WHERE couponUsedDate >= ?1 AND couponUsedDate < ?2`,
  // Small catalogue tables; payments only by EXISTS (stops at the first row); users by users_list (deletedAt IS NULL).
  setup: `SELECT (SELECT count(*) FROM sites) AS sites,
      (SELECT count(*) FROM vendor_accounts WHERE vendorIsActive = 1) AS activeVendors,
      (SELECT count(*) FROM bundles WHERE bundleIsActive = 1) AS bundles,
      (SELECT count(*) FROM items WHERE itemIsActive = 1) AS items,
      (SELECT count(*) FROM users WHERE deletedAt IS NULL) AS users,
      EXISTS (SELECT 1 FROM payments) AS hasPayments`,
  // The caller's own figures: users primary key, quota_ledger_user, history_user, subscriptions_user.
  ownQuota: `SELECT userQuota FROM users WHERE userId = ?1`,
  ownLedgerByDay: `SELECT substr(createdAt, 1, 10) AS day, sum(delta) AS net,
      sum(CASE WHEN delta > 0 THEN delta ELSE 0 END) AS added, sum(CASE WHEN delta < 0 THEN -delta ELSE 0 END) AS used
    FROM quota_ledger WHERE userId = ?1 AND createdAt >= ?2 AND createdAt < ?3 GROUP BY day`,
  ownLedgerSince: `SELECT coalesce(sum(delta), 0) AS net FROM quota_ledger WHERE userId = ?1 AND createdAt >= ?2`,
  ownJobsByStatus: `SELECT status, count(*) AS n FROM history WHERE userId = ?1 AND createdAt >= ?2 AND createdAt < ?3 GROUP BY status`,
  ownRecentJobs: `SELECT uniqueId, siteName, fileName, status, similarity, pointsSpent, createdAt
    FROM history WHERE userId = ?1 ORDER BY createdAt DESC LIMIT 5`,
  ownSubscriptions: `SELECT sub.subscriptionId, sub.itemId, i.itemName, sub.startsAt, sub.endsAt
    FROM subscriptions sub JOIN items i ON i.itemId = sub.itemId
    WHERE sub.userId = ?1 AND sub.endsAt > ?2 ORDER BY sub.endsAt LIMIT 20`,
} as const;

type Row = Record<string, unknown>;
type Period = ReturnType<typeof periodOf>;
type Stats = Answer<"dashboard-stats">;
type Business = NonNullable<Stats["business"]>;
type Own = NonNullable<Stats["own"]>;
const num = (value: unknown) => Number(value ?? 0) || 0;

/** Collects statements for one D1 batch (one round trip) and hands back their rows by name. */
class Batch {
  private statements: D1PreparedStatement[] = [];
  private names: string[] = [];
  constructor(private d1: D1Database) {}
  add(name: keyof typeof SQL, ...binds: unknown[]) {
    this.names.push(name);
    this.statements.push(this.d1.prepare(SQL[name]).bind(...binds));
  }
  async run(): Promise<Map<string, Row[]>> {
    const results = this.statements.length ? await this.d1.batch<Row>(this.statements) : [];
    return new Map(results.map((r, i) => [this.names[i]!, r.results ?? []]));
  }
}

/** Grouped rows → one number per day of the period (days without rows are 0). */
function series(days: string[], rows: Row[] | undefined, value: (r: Row) => number, keep: (r: Row) => boolean = () => true) {
  const byDay = new Map<string, number>();
  for (const r of rows ?? []) if (keep(r)) byDay.set(String(r.day), (byDay.get(String(r.day)) ?? 0) + value(r));
  return days.map((day) => byDay.get(day) ?? 0);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const all = (ability: AppAbility, subject: Subject) => scopeOf(ability, "read", subject) === "all";

function business(p: Period, rows: Map<string, Row[]>): Business {
  const kpis: Business["kpis"] = {};
  const seriesOut: Business["series"] = {};
  const first = (name: string) => rows.get(name)?.[0] ?? {};
  const setupRow = first("setup");
  const setup = {
    sites: num(setupRow.sites),
    activeVendors: num(setupRow.activeVendors),
    bundles: num(setupRow.bundles),
    items: num(setupRow.items),
    users: num(setupRow.users),
    hasPayments: num(setupRow.hasPayments) === 1,
  };
  const out: Business = { kpis, series: seriesOut, setup };
  if (rows.has("revenueByDay")) {
    seriesOut.revenue = series(p.days, rows.get("revenueByDay"), (r) => num(r.amount));
    seriesOut.paidPayments = series(p.days, rows.get("revenueByDay"), (r) => num(r.n));
    kpis.revenue = { current: sum(seriesOut.revenue), previous: num(first("revenueTotal").amount) };
    kpis.paidPayments = { current: sum(seriesOut.paidPayments), previous: num(first("revenueTotal").n) };
    const byStatus = rows.get("paymentsByDayStatus");
    seriesOut.payments = series(p.days, byStatus, (r) => num(r.n));
    out.paymentsByStatus = PAYMENT_STATUSES.map((status) => ({
      status,
      count: sum(
        series(
          p.days,
          byStatus,
          (r) => num(r.n),
          (r) => r.status === status,
        ),
      ),
      amount: sum(
        series(
          p.days,
          byStatus,
          (r) => num(r.amount),
          (r) => r.status === status,
        ),
      ),
    }));
  }
  if (rows.has("usersByDay")) {
    seriesOut.newUsers = series(p.days, rows.get("usersByDay"), (r) => num(r.n));
    kpis.newUsers = { current: sum(seriesOut.newUsers), previous: num(first("usersTotal").n) };
    const active = first("activeSubscriptions");
    kpis.activeSubscriptions = { current: num(active.current), previous: num(active.previous) };
    out.subscriptionsByItem = (rows.get("subscriptionsByItem") ?? []).map((r) => ({
      itemId: num(r.itemId),
      itemName: String(r.itemName),
      active: num(r.n),
    }));
  }
  if (rows.has("ledgerByDayReason")) {
    const ledger = rows.get("ledgerByDayReason");
    const totals = new Map((rows.get("ledgerTotal") ?? []).map((r) => [String(r.reason), num(r.points)]));
    seriesOut.pointsSold = series(
      p.days,
      ledger,
      (r) => num(r.points),
      (r) => r.reason === "grant",
    );
    // Spent is what jobs took, less what failed jobs gave back.
    seriesOut.pointsSpent = series(
      p.days,
      ledger,
      (r) => -num(r.points),
      (r) => r.reason === "spend" || r.reason === "refund",
    );
    seriesOut.pointsRedeemed = series(
      p.days,
      ledger,
      (r) => num(r.points),
      (r) => r.reason === "redeem",
    );
    kpis.pointsSold = { current: sum(seriesOut.pointsSold), previous: totals.get("grant") ?? 0 };
    kpis.pointsSpent = {
      current: sum(seriesOut.pointsSpent),
      previous: -((totals.get("spend") ?? 0) + (totals.get("refund") ?? 0)),
    };
  }
  if (rows.has("jobsByDayStatus")) {
    const jobs = rows.get("jobsByDayStatus");
    seriesOut.jobs = series(p.days, jobs, (r) => num(r.n));
    seriesOut.jobsDone = series(
      p.days,
      jobs,
      (r) => num(r.n),
      (r) => num(r.status) === 1,
    );
    seriesOut.jobsFailed = series(
      p.days,
      jobs,
      (r) => num(r.n),
      (r) => num(r.status) === 2,
    );
    kpis.jobs = { current: sum(seriesOut.jobs), previous: num(first("jobsTotal").n) };
    out.jobsByStatus = jobsByStatus(jobs);
    out.jobsBySite = (rows.get("jobsBySite") ?? []).map((r) => ({
      siteId: r.siteId === null ? null : num(r.siteId),
      siteName: String(r.siteName ?? ""),
      jobs: num(r.jobs),
      done: num(r.done),
      failed: num(r.failed),
      points: num(r.points),
    }));
  }
  if (rows.has("vendorLoad")) {
    out.vendorLoad = (rows.get("vendorLoad") ?? []).map((r) => ({
      vendorId: num(r.vendorId),
      vendorName: String(r.vendorName),
      siteName: String(r.siteName ?? ""),
      vendorIsActive: num(r.vendorIsActive) === 1,
      jobs: num(r.jobs),
      queued: num(r.queued),
    }));
  }
  if (rows.has("couponsByDay")) {
    seriesOut.couponsRedeemed = series(p.days, rows.get("couponsByDay"), (r) => num(r.n));
    kpis.couponsRedeemed = { current: sum(seriesOut.couponsRedeemed), previous: num(first("couponsTotal").n) };
  }
  return out;
}

function jobsByStatus(rows: Row[] | undefined) {
  const count = (status: number) => sum((rows ?? []).filter((r) => num(r.status) === status).map((r) => num(r.n)));
  return { queued: count(0), done: count(1), failed: count(2) };
}

function own(p: Period, rows: Map<string, Row[]>, now: Date): Own {
  const out: Own = { subscriptions: [] };
  if (rows.has("ownQuota")) {
    const balance = num(rows.get("ownQuota")?.[0]?.userQuota);
    const ledger = rows.get("ownLedgerByDay");
    // Balance = sum of the ledger, so the balance before the period is today's less what came since.
    let running = balance - num(rows.get("ownLedgerSince")?.[0]?.net);
    const net = series(p.days, ledger, (r) => num(r.net));
    out.balance = balance;
    out.balanceSeries = net.map((delta) => (running += delta));
    out.pointsAdded = sum(series(p.days, ledger, (r) => num(r.added)));
    out.pointsUsed = sum(series(p.days, ledger, (r) => num(r.used)));
  }
  if (rows.has("ownJobsByStatus")) {
    out.jobsByStatus = jobsByStatus(rows.get("ownJobsByStatus"));
    out.recentJobs = (rows.get("ownRecentJobs") ?? []).map((r) => ({
      uniqueId: String(r.uniqueId),
      siteName: String(r.siteName),
      fileName: String(r.fileName),
      status: num(r.status),
      similarity: r.similarity === null ? null : num(r.similarity),
      pointsSpent: num(r.pointsSpent),
      createdAt: String(r.createdAt),
    }));
  }
  out.subscriptions = (rows.get("ownSubscriptions") ?? []).map((r) => ({
    subscriptionId: num(r.subscriptionId),
    itemId: num(r.itemId),
    itemName: String(r.itemName),
    startsAt: String(r.startsAt),
    endsAt: String(r.endsAt),
    daysLeft: Math.max(0, Math.ceil((Date.parse(String(r.endsAt)) - now.getTime()) / DAY_MS)),
  }));
  return out;
}

/**
 * The business figures are the same for every admin and read up to a year of rows, so they are kept
 * for a minute in the data centre's cache (the admin home is opened on every sign-in). The caller's
 * own figures are never cached.
 */
const CACHE_SECONDS = 60;
const CACHE_ORIGIN = "https://dashboard-stats.cache.internal";

interface CachedBusiness {
  business: Business;
  generatedAt: string;
}

async function readCache(key: string): Promise<CachedBusiness | null> {
  const hit = await caches.default.match(key);
  return hit ? ((await hit.json()) as CachedBusiness) : null;
}

function writeCache(key: string, value: CachedBusiness): Promise<void> {
  const response = new Response(JSON.stringify(value), {
    headers: { "content-type": "application/json", "cache-control": `max-age=${CACHE_SECONDS}` },
  });
  return caches.default.put(key, response);
}

const dashboardStats = route(dashboardCalls["dashboard-stats"], {
  async handler(ctx, { range, end }) {
    const now = new Date();
    const p = periodOf(range, end, now);
    const batch = new Batch(ctx.env.DB);
    const ability = ctx.ability;
    const isBusiness = all(ability, "Payment");
    // What the business part may show depends on the caller's reach, so that reach is part of the key.
    const reach = (["User", "Quota", "History", "Vendor", "Coupon"] as const).filter((s) => all(ability, s));
    const cacheKey = `${CACHE_ORIGIN}/business/${range}/${p.days[p.days.length - 1]}/${reach.join("-") || "payments"}`;
    const cached = isBusiness ? await readCache(cacheKey) : null;
    if (isBusiness && !cached) {
      batch.add("setup");
      batch.add("revenueByDay", p.start, p.end);
      batch.add("revenueTotal", p.prevStart, p.start);
      batch.add("paymentsByDayStatus", p.start, p.end);
      if (reach.includes("User")) {
        batch.add("usersByDay", p.start, p.end);
        batch.add("usersTotal", p.prevStart, p.start);
        batch.add("activeSubscriptions", p.asOf, p.start);
        batch.add("subscriptionsByItem", p.asOf);
      }
      if (reach.includes("Quota")) {
        batch.add("ledgerByDayReason", p.start, p.end);
        batch.add("ledgerTotal", p.prevStart, p.start);
      }
      if (reach.includes("History")) {
        batch.add("jobsByDayStatus", p.start, p.end);
        batch.add("jobsTotal", p.prevStart, p.start);
        batch.add("jobsBySite", p.start, p.end);
      }
      if (reach.includes("Vendor")) batch.add("vendorLoad", p.start, p.end);
      if (reach.includes("Coupon")) {
        batch.add("couponsByDay", p.start, p.end);
        batch.add("couponsTotal", p.prevStart, p.start);
      }
    }
    const userId = ctx.user?.userId;
    if (userId !== undefined) {
      // Own rows only: each part needs the caller's ability over their own row of that subject.
      if (ability.can("read", row("Quota", { userId }))) {
        batch.add("ownQuota", userId);
        batch.add("ownLedgerByDay", userId, p.start, p.end);
        batch.add("ownLedgerSince", userId, p.start);
      }
      if (ability.can("read", row("History", { userId }))) {
        batch.add("ownJobsByStatus", userId, p.start, p.end);
        batch.add("ownRecentJobs", userId);
      }
      batch.add("ownSubscriptions", userId, now.toISOString());
    }
    const rows = await batch.run();
    let businessPart: Business | null = cached?.business ?? null;
    if (isBusiness && !cached) {
      businessPart = business(p, rows);
      await writeCache(cacheKey, { business: businessPart, generatedAt: now.toISOString() });
    }
    return json({
      range,
      from: p.days[0]!,
      to: p.days[p.days.length - 1]!,
      days: p.days,
      currency: ctx.env.CURRENCY,
      // When the business figures were computed (they may come from the short cache).
      generatedAt: cached?.generatedAt ?? now.toISOString(),
      business: businessPart,
      own: userId === undefined ? null : own(p, rows, now),
    });
  },
});

export const dashboardRoutes = [dashboardStats];
