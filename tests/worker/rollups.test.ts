import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { daysFrom } from "../../worker/src/domain/stats/periods";
import { DAILY_FIGURES, subscriptionsAt } from "../../worker/src/domain/stats/queries";
import { countSubscriptionDays } from "../../worker/src/domain/stats/subscriptions";
import { randomActivity } from "./activity-support";

/**
 * The dashboard roll-ups of migration 0190 (one row per day, and per payment status, site, vendor account
 * and user) must equal the raw aggregates they replace: recomputed here, in JavaScript, from the raw rows
 * after random activity (aborted batches included).
 */

type Row = Record<string, any>;
const rows = async (sql: string) => (await env.DB.prepare(sql).all<Row>()).results;

/** Drops all-zero entries: a roll-up row at 0 and no row mean the same. */
function nonZero<T extends Record<string, number>>(map: Map<string, T>): Record<string, T> {
  return Object.fromEntries(
    [...map].filter(([, v]) => Object.values(v).some((n) => n !== 0)).sort(([a], [b]) => a.localeCompare(b)),
  );
}

async function expectedDaily() {
  const days = new Map<string, Record<(typeof DAILY_FIGURES)[number], number>>();
  const add = (at: string | null, figure: (typeof DAILY_FIGURES)[number], value: number) => {
    if (at === null) return;
    const day = at.slice(0, 10);
    const row =
      days.get(day) ?? (Object.fromEntries(DAILY_FIGURES.map((k) => [k, 0])) as Record<(typeof DAILY_FIGURES)[number], number>);
    row[figure] += value;
    days.set(day, row);
  };
  for (const p of await rows("SELECT createdAt, paidAt, amount, refundedAmount FROM payments")) {
    add(p.createdAt, "paymentsCreated", 1);
    add(p.paidAt, "paidCount", 1);
    add(p.paidAt, "paidAmount", p.amount - p.refundedAmount);
  }
  for (const u of await rows("SELECT createdAt FROM users")) add(u.createdAt, "newUsers", 1);
  const reasons = { grant: "pointsGrant", spend: "pointsSpend", refund: "pointsRefund", redeem: "pointsRedeem" } as const;
  for (const l of await rows("SELECT createdAt, reason, delta FROM quota_ledger WHERE reason <> 'adjust'")) {
    add(l.createdAt, reasons[l.reason as keyof typeof reasons], l.delta);
  }
  for (const h of await rows("SELECT createdAt, status FROM history")) {
    add(h.createdAt, "jobsCreated", 1);
    if (h.status === 1) add(h.createdAt, "jobsDone", 1);
    if (h.status === 2) add(h.createdAt, "jobsFailed", 1);
  }
  for (const c of await rows("SELECT couponUsedDate FROM coupons")) add(c.couponUsedDate, "couponsRedeemed", 1);
  return nonZero(days);
}

type Figures = Record<string, number>;

/** Adds `figures` to the entry `key` of `map`. */
function addTo(map: Map<string, Figures>, key: string, figures: Figures) {
  const row = map.get(key) ?? {};
  for (const [name, value] of Object.entries(figures)) row[name] = (row[name] ?? 0) + value;
  map.set(key, row);
}

/** Per day: payments by status, jobs by site and by vendor account, and each user's own figures. */
async function expectedByDay() {
  const payments = new Map<string, Figures>();
  for (const p of await rows("SELECT createdAt, status, amount FROM payments")) {
    addTo(payments, `${p.createdAt.slice(0, 10)}|${p.status}`, { n: 1, amount: p.amount });
  }
  const sites = new Map<string, Figures>();
  const vendors = new Map<string, Figures>();
  const users = new Map<string, Figures>();
  for (const h of await rows("SELECT userId, createdAt, siteId, vendorId, status, pointsSpent FROM history")) {
    const day = h.createdAt.slice(0, 10);
    const status = { done: h.status === 1 ? 1 : 0, failed: h.status === 2 ? 1 : 0 };
    addTo(sites, `${day}|${h.siteId ?? 0}`, { jobs: 1, ...status, points: h.pointsSpent });
    addTo(vendors, `${day}|${h.vendorId ?? 0}`, { jobs: 1 });
    addTo(users, `${h.userId}|${day}`, { added: 0, used: 0, jobs: 1, ...status });
  }
  for (const l of await rows("SELECT userId, createdAt, delta FROM quota_ledger")) {
    addTo(users, `${l.userId}|${l.createdAt.slice(0, 10)}`, {
      added: Math.max(l.delta, 0),
      used: Math.max(-l.delta, 0),
      jobs: 0,
      done: 0,
      failed: 0,
    });
  }
  return { payments: nonZero(payments), sites: nonZero(sites), vendors: nonZero(vendors), users: nonZero(users) };
}

async function storedByDay() {
  const keyed = (found: Row[], key: (r: Row) => string, figures: string[]) =>
    nonZero(new Map(found.map((r) => [key(r), Object.fromEntries(figures.map((f) => [f, r[f] as number]))])));
  return {
    payments: keyed(await rows("SELECT * FROM daily_payment_stats"), (r) => `${r.day}|${r.status}`, ["n", "amount"]),
    sites: keyed(await rows("SELECT * FROM daily_site_stats"), (r) => `${r.day}|${r.siteId}`, [
      "jobs",
      "done",
      "failed",
      "points",
    ]),
    vendors: keyed(await rows("SELECT * FROM daily_vendor_stats"), (r) => `${r.day}|${r.vendorId}`, ["jobs"]),
    users: keyed(await rows("SELECT * FROM daily_user_stats"), (r) => `${r.userId}|${r.day}`, [
      "added",
      "used",
      "jobs",
      "done",
      "failed",
    ]),
  };
}

async function storedDaily() {
  const found = await rows(`SELECT day, ${DAILY_FIGURES.join(", ")} FROM daily_stats`);
  return nonZero(
    new Map(found.map(({ day, ...figures }) => [day as string, figures as Record<(typeof DAILY_FIGURES)[number], number>])),
  );
}

describe("dashboard roll-ups", () => {
  it("equal the raw aggregates after random activity", async () => {
    await randomActivity(7, 250);
    const daily = await expectedDaily();
    expect(Object.keys(daily).length).toBeGreaterThan(30);
    expect(await storedDaily()).toEqual(daily);
    expect(await storedByDay()).toEqual(await expectedByDay());
  }, 30_000);
});

/** The statements of a migration that fill or correct a table from the rows already there (its backfill). */
function backfill(migration: string, table: string): D1PreparedStatement[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(migration))!;
  return found.queries
    .filter((q) => q.startsWith(`INSERT INTO ${table} `) || q.startsWith(`UPDATE ${table} `))
    .map((q) => env.DB.prepare(q));
}

describe("the migration's backfill", () => {
  it("computes the roll-ups the triggers keep, from the rows already there", async () => {
    await randomActivity(11, 120);
    const expected = [await storedDaily(), await storedByDay()];
    expect(Object.keys(expected[0]!).length).toBeGreaterThan(10);
    const tables = ["daily_stats", "daily_payment_stats", "daily_site_stats", "daily_vendor_stats", "daily_user_stats"];
    await env.DB.batch([
      ...tables.map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
      ...tables.flatMap((table) => backfill("0190", table)),
      ...backfill("0191", "daily_stats"),
    ]);
    expect([await storedDaily(), await storedByDay()]).toEqual(expected);
  }, 30_000);
});

describe("subscriptions active at a moment", () => {
  /** Active at `moment` per item (and in all, item 0), counted from the subscriptions themselves. */
  async function counted(moment: string) {
    const found = await rows(`SELECT itemId, startsAt, endsAt FROM subscriptions`);
    const out = new Map<number, number>();
    for (const s of found) {
      if (s.startsAt > moment || s.endsAt <= moment) continue;
      for (const item of [s.itemId, 0]) out.set(item, (out.get(item) ?? 0) + 1);
    }
    return Object.fromEntries([...out].sort(([a], [b]) => a - b));
  }
  async function answered(moment: string) {
    const { sql, binds } = subscriptionsAt(moment);
    const found = await env.DB.prepare(sql)
      .bind(...binds)
      .all<{ dimId: number; n: number }>();
    return Object.fromEntries(found.results.map((r) => [r.dimId, r.n] as const).sort(([a], [b]) => a - b));
  }

  it("are the cron's count at the start of a day plus the starts and less the ends since, whatever the day", async () => {
    await randomActivity(5, 200);
    const moments = [
      "2010-03-01T00:00:00.000Z",
      "2011-06-15T13:30:00.000Z",
      "2012-11-30T23:00:00.000Z",
      new Date().toISOString(),
    ];
    // Before the cron ever ran: every start and end from the beginning.
    for (const moment of moments) expect(await answered(moment), moment).toEqual(await counted(moment));
    // The cron counts each day up to today once; later runs add nothing until the next day.
    const written = await countSubscriptionDays(env.DB);
    expect(written).toBeGreaterThan(0);
    expect(await countSubscriptionDays(env.DB)).toBe(0);
    for (const moment of moments) expect(await answered(moment), moment).toEqual(await counted(moment));
    // A day counted tomorrow builds on today's count.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await countSubscriptionDays(env.DB, tomorrow)).toBeGreaterThan(0);
    const days = await rows("SELECT day, active FROM subscription_days WHERE itemId = 0 ORDER BY day DESC LIMIT 2");
    expect(days[0]!.active).toBe(Object.values(await counted(`${days[0]!.day}T00:00:00.000Z`))[0] ?? 0);
  }, 30_000);
});

describe("days", () => {
  it("list runs of days across month ends, leap days and century years like the calendar", () => {
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (const first of ["1899-12-25", "1900-02-20", "2000-02-20", "2023-12-31", "2024-02-28", "2025-01-01"]) {
      const start = Date.parse(`${first}T00:00:00.000Z`);
      const calendar = Array.from({ length: 400 }, (_, i) => dayOf(start + i * 86_400_000));
      expect(daysFrom(first, 400), first).toEqual(calendar);
    }
    expect(daysFrom("2024-03-05", 0)).toEqual([]);
  });
});
