import { row, scopeOf, type AppAbility, type Subject } from "../auth/ability";
import { addDays, daysFrom } from "../domain/stats/periods";
import { runBatch } from "../db";
import * as stats from "../domain/stats/queries";
import { jsonText, spliceLast } from "../http/respond";
import { route } from "../http/route";
import type { Answer } from "../contract";
import { PAYMENT_STATUSES } from "../contract/commerce";
import { dashboardCalls } from "../contract/dashboard";

/**
 * dashboard-stats: the figures behind the dashboards. Business figures come from roll-ups by day kept by
 * triggers (migration 0190, worker/src/domain/stats): a row per day (and per status, site and vendor
 * account), whatever the size of the tables. Days are UTC days.
 */

const DAY_MS = 86_400_000;

/** The period [start, end) of `range` UTC days ending with the day `end` (today by default). */
export function periodOf(range: number, end: string | undefined, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const lastDay = end && end < today ? end : today;
  const endMs = Date.parse(`${lastDay}T00:00:00.000Z`) + DAY_MS;
  const startMs = endMs - range * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const days = daysFrom(iso(startMs).slice(0, 10), range);
  return {
    days,
    prevStart: iso(startMs - range * DAY_MS),
    start: iso(startMs),
    end: iso(endMs),
    /** The day after the period (exclusive end), as YYYY-MM-DD. */
    endDay: iso(endMs).slice(0, 10),
    // Point-in-time figures (active subscriptions) are taken at the end of the period, or now.
    asOf: iso(Math.min(now.getTime(), endMs)),
  };
}

type Row = Record<string, unknown>;
type Period = ReturnType<typeof periodOf>;
type Stats = Answer<"dashboard-stats">;
type Business = NonNullable<Stats["business"]>;
type Own = NonNullable<Stats["own"]>;
type Kpi = { current: number; previous: number };
const num = (value: unknown) => Number(value ?? 0) || 0;

/** The call's reads: collected as statements, run as one batch (one round trip), their rows handed back by name. */
class Reads {
  private statements: stats.Statement[] = [];
  private names: string[] = [];
  constructor(private d1: D1Database) {}
  add(name: string, statement: stats.Statement) {
    this.names.push(name);
    this.statements.push(statement);
  }
  async run(): Promise<Map<string, Row[]>> {
    if (!this.statements.length) return new Map();
    const results = await runBatch<Row>(
      this.d1,
      this.statements.map((s) => this.d1.prepare(s.sql).bind(...s.binds)),
    );
    return new Map(this.names.map((name, i) => [name, results[i]!.results]));
  }
}

/** Rows with a `day` (YYYY-MM-DD) and where each falls in the period (its index in `p.days`). */
function placed(p: Period, rows: Row[]) {
  const start = Date.parse(p.start);
  return rows.map((row) => ({ row, at: (Date.parse(`${String(row.day)}T00:00:00.000Z`) - start) / DAY_MS }));
}

/**
 * One number per day of the period (days without a row are 0). The work follows the rows, not the
 * days: a year of days looked up one by one cost more than the rest of a cached call.
 */
function series(p: Period, rows: ReturnType<typeof placed>, figure: string): number[] {
  const out = new Array<number>(p.days.length).fill(0);
  for (const { row, at } of rows) if (at >= 0 && at < out.length) out[at]! += num(row[figure]);
  return out;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const all = (ability: AppAbility, subject: Subject) => scopeOf(ability, "read", subject) === "all";

/** Adds the statements of the business figures the caller's reach allows. */
function addBusiness(reads: Reads, p: Period, reach: Subject[]) {
  const first = p.days[0]!;
  reads.add("setup", stats.setup());
  reads.add("days", stats.days(addDays(first, -p.days.length), p.endDay));
  reads.add("paymentsByStatus", stats.paymentsByStatus(first, p.endDay));
  if (reach.includes("User")) {
    // Active at the period's end (now, for a period running to today) and at its start.
    reads.add("subscriptionsNow", stats.subscriptionsAt(p.asOf));
    reads.add("subscriptionsBefore", stats.subscriptionsAt(p.start));
  }
  if (reach.includes("History")) reads.add("jobsBySite", stats.jobsBySite(first, p.endDay));
  if (reach.includes("Vendor")) reads.add("vendorLoad", stats.vendorLoad(first, p.endDay));
}

function business(p: Period, rows: Map<string, Row[]>, reach: Subject[]): Business {
  const kpis: Business["kpis"] = {};
  const seriesOut: Business["series"] = {};
  const setupRow = rows.get("setup")?.[0] ?? {};
  const setup = {
    sites: num(setupRow.sites),
    activeVendors: num(setupRow.activeVendors),
    bundles: num(setupRow.bundles),
    items: num(setupRow.items),
    users: num(setupRow.users),
    hasPayments: num(setupRow.hasPayments) === 1,
  };
  const out: Business = { kpis, series: seriesOut, setup };
  // The daily rows of the previous period and of this one: figure → [this period's series, previous total].
  // The statement reads the previous period and this one: the rows before the first day are the previous.
  const dayRows = placed(p, rows.get("days") ?? []);
  const previousRows = dayRows.filter((r) => r.at < 0);
  const daily = (figure: (typeof stats.DAILY_FIGURES)[number]) => ({
    current: series(p, dayRows, figure),
    previous: sum(previousRows.map((r) => num(r.row[figure]))),
  });
  const kpi = (values: { current: number[]; previous: number }, sign = 1): Kpi => ({
    current: sign * sum(values.current),
    previous: sign * values.previous,
  });

  const revenue = daily("paidAmount");
  const paid = daily("paidCount");
  seriesOut.revenue = revenue.current;
  seriesOut.paidPayments = paid.current;
  kpis.revenue = kpi(revenue);
  kpis.paidPayments = kpi(paid);
  seriesOut.payments = daily("paymentsCreated").current;
  const byStatus = new Map((rows.get("paymentsByStatus") ?? []).map((r) => [String(r.status), r]));
  out.paymentsByStatus = PAYMENT_STATUSES.map((status) => ({
    status,
    count: num(byStatus.get(status)?.n),
    amount: num(byStatus.get(status)?.amount),
  }));

  if (reach.includes("User")) {
    const newUsers = daily("newUsers");
    seriesOut.newUsers = newUsers.current;
    kpis.newUsers = kpi(newUsers);
    const now = rows.get("subscriptionsNow") ?? [];
    const before = rows.get("subscriptionsBefore") ?? [];
    const everyItem = (list: Row[]) => num(list.find((r) => num(r.dimId) === 0)?.n);
    kpis.activeSubscriptions = { current: everyItem(now), previous: everyItem(before) };
    out.subscriptionsByItem = now
      .filter((r) => num(r.dimId) !== 0 && num(r.n) > 0)
      .map((r) => ({ itemId: num(r.dimId), itemName: String(r.itemName), active: num(r.n) }))
      .sort((a, b) => b.active - a.active || a.itemId - b.itemId)
      .slice(0, 10);
  }
  if (reach.includes("Quota")) {
    const grant = daily("pointsGrant");
    const spend = daily("pointsSpend");
    const refund = daily("pointsRefund");
    seriesOut.pointsSold = grant.current;
    // Spent is what jobs took, less what failed jobs gave back (spends are negative deltas).
    seriesOut.pointsSpent = spend.current.map((v, i) => -(v + refund.current[i]!));
    seriesOut.pointsRedeemed = daily("pointsRedeem").current;
    kpis.pointsSold = kpi(grant);
    kpis.pointsSpent = { current: sum(seriesOut.pointsSpent), previous: -(spend.previous + refund.previous) };
  }
  if (reach.includes("History")) {
    const jobs = daily("jobsCreated");
    seriesOut.jobs = jobs.current;
    seriesOut.jobsDone = daily("jobsDone").current;
    seriesOut.jobsFailed = daily("jobsFailed").current;
    kpis.jobs = kpi(jobs);
    const done = sum(seriesOut.jobsDone);
    const failed = sum(seriesOut.jobsFailed);
    out.jobsByStatus = { queued: sum(jobs.current) - done - failed, done, failed };
    out.jobsBySite = (rows.get("jobsBySite") ?? []).map((r) => ({
      siteId: num(r.siteId) === 0 ? null : num(r.siteId),
      siteName: String(r.siteName ?? ""),
      jobs: num(r.jobs),
      done: num(r.done),
      failed: num(r.failed),
      points: num(r.points),
    }));
  }
  if (reach.includes("Vendor")) {
    out.vendorLoad = (rows.get("vendorLoad") ?? []).map((r) => ({
      vendorId: num(r.vendorId),
      vendorName: String(r.vendorName),
      siteName: String(r.siteName ?? ""),
      vendorIsActive: num(r.vendorIsActive) === 1,
      jobs: num(r.jobs),
      queued: num(r.queued),
    }));
  }
  if (reach.includes("Coupon")) {
    const coupons = daily("couponsRedeemed");
    seriesOut.couponsRedeemed = coupons.current;
    kpis.couponsRedeemed = kpi(coupons);
  }
  return out;
}

function own(p: Period, rows: Map<string, Row[]>, now: Date): Own {
  const out: Own = { subscriptions: [] };
  // The caller's days from the period's first on: the period's own, then those after it.
  const ownDays = rows.get("ownDays") ?? [];
  const inPeriod = ownDays.filter((r) => String(r.day) < p.endDay);
  if (rows.has("ownQuota")) {
    const balance = num(rows.get("ownQuota")?.[0]?.userQuota);
    // Balance = sum of the ledger, so the balance before the period is today's less what came since.
    let running = balance - sum(ownDays.map((r) => num(r.added) - num(r.used)));
    out.balance = balance;
    const net = inPeriod.map((r) => ({ day: r.day, net: num(r.added) - num(r.used) }));
    out.balanceSeries = series(p, placed(p, net), "net").map((delta) => (running += delta));
    out.pointsAdded = sum(inPeriod.map((r) => num(r.added)));
    out.pointsUsed = sum(inPeriod.map((r) => num(r.used)));
  }
  if (rows.has("ownRecentJobs")) {
    const jobs = sum(inPeriod.map((r) => num(r.jobs)));
    const done = sum(inPeriod.map((r) => num(r.done)));
    const failed = sum(inPeriod.map((r) => num(r.failed)));
    out.jobsByStatus = { queued: jobs - done - failed, done, failed };
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
 * The business figures are the same for every admin of the same reach and period, so this isolate
 * keeps them for a minute as JSON text, spliced into later answers without being parsed again. A miss
 * reads them in the statement that reads the caller's own figures (never cached) anyway: it costs the
 * roll-up rows, not a round trip. The data centre's cache (Cache API) is not used: its lookup would be
 * a subrequest before that round trip on every miss, to save those rows (a few thousand at most).
 */
const CACHE_MS = 60_000;
/** Periods this isolate keeps at most (a few ranges and end days in practice). */
const KEPT_MAX = 50;

interface CachedBusiness {
  /** The business figures, serialised. */
  text: string;
  generatedAt: string;
}

const kept = new Map<string, CachedBusiness>();

/** The figures kept for `key`, unless their minute is over. */
function readCache(key: string, now: Date): CachedBusiness | null {
  const entry = kept.get(key);
  if (entry && now.getTime() - Date.parse(entry.generatedAt) < CACHE_MS) return entry;
  kept.delete(key);
  return null;
}

function writeCache(key: string, entry: CachedBusiness) {
  kept.delete(key);
  // Maps iterate in insertion order: the first key is the oldest kept.
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, entry);
}

const dashboardStats = route(dashboardCalls["dashboard-stats"], {
  async handler(ctx, { range, end }) {
    const now = new Date();
    const p = periodOf(range, end, now);
    const reads = new Reads(ctx.env.DB);
    const ability = ctx.ability;
    const isBusiness = all(ability, "Payment");
    // What the business part may show depends on the caller's reach, so that reach is part of the key.
    const reach = (["User", "Quota", "History", "Vendor", "Coupon"] as const).filter((s) => all(ability, s));
    const cacheKey = `${range}/${p.days[p.days.length - 1]}/${reach.join("-") || "payments"}`;
    const cached = isBusiness ? readCache(cacheKey, now) : null;
    if (isBusiness && !cached) addBusiness(reads, p, reach);
    const userId = ctx.user?.userId;
    if (userId !== undefined) {
      // Own rows only: each part needs the caller's ability over their own row of that subject.
      const readsQuota = ability.can("read", row("Quota", { userId }));
      const readsJobs = ability.can("read", row("History", { userId }));
      if (readsQuota || readsJobs) reads.add("ownDays", stats.ownDays(userId, p.days[0]!));
      if (readsQuota) reads.add("ownQuota", stats.ownQuota(userId));
      if (readsJobs) reads.add("ownRecentJobs", stats.ownRecentJobs(userId));
      reads.add("ownSubscriptions", stats.ownSubscriptions(userId, now.toISOString()));
    }
    const rows = await reads.run();
    let businessText = cached?.text ?? "null";
    if (isBusiness && !cached) {
      businessText = JSON.stringify(business(p, rows, reach));
      writeCache(cacheKey, { text: businessText, generatedAt: now.toISOString() });
    }
    // `business` goes last, as text: cached figures are spliced in without being parsed again.
    const answer: Stats = {
      range,
      from: p.days[0]!,
      to: p.days[p.days.length - 1]!,
      days: p.days,
      currency: ctx.env.CURRENCY,
      // When the business figures were computed (they may come from the short cache).
      generatedAt: cached?.generatedAt ?? now.toISOString(),
      own: userId === undefined ? null : own(p, rows, now),
      business: null,
    };
    return jsonText<Stats>(spliceLast(JSON.stringify(answer), "business", businessText));
  },
});

export const routes = [dashboardStats];
