import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { daysFrom, spansOf, spansThrough, type Span } from "../../worker/src/domain/stats/periods";
import { DAILY_FIGURES } from "../../worker/src/domain/stats/queries";
import { randomActivity } from "./activity-support";

/**
 * The dashboard roll-ups of migrations 0091 and 0093 must equal the raw aggregates they replace: recomputed here,
 * in JavaScript, from the raw rows after random activity (aborted batches included).
 */

type Row = Record<string, any>;
const rows = async (sql: string) => (await env.DB.prepare(sql).all<Row>()).results;

const STATUS_CODE: Record<string, number> = { pending: 1, awaiting_confirmation: 2, paid: 3, cancelled: 4, expired: 5 };

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
  for (const p of await rows("SELECT createdAt, paidAt, amount FROM payments")) {
    add(p.createdAt, "paymentsCreated", 1);
    add(p.paidAt, "paidCount", 1);
    add(p.paidAt, "paidAmount", p.amount);
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

/** The first day boundary at or after a moment. */
function boundaryAtOrAfter(iso: string): string {
  const day = iso.slice(0, 10);
  if (Date.parse(`${day}T00:00:00.000Z`) === Date.parse(iso)) return day;
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

async function expectedPeriods() {
  const out = new Map<string, { n: number; done: number; failed: number; points: number }>();
  const add = (metric: string, day: string, dimId: number, n: number, done = 0, failed = 0, points = 0) => {
    for (const [grain, length] of [
      ["y", 4],
      ["m", 7],
      ["d", 10],
    ] as const) {
      const key = `${metric}|${grain}|${day.slice(0, length)}|${dimId}`;
      const row = out.get(key) ?? { n: 0, done: 0, failed: 0, points: 0 };
      row.n += n;
      row.done += done;
      row.failed += failed;
      row.points += points;
      out.set(key, row);
    }
  };
  for (const h of await rows("SELECT createdAt, siteId, vendorId, status, pointsSpent FROM history")) {
    const done = h.status === 1 ? 1 : 0;
    const failed = h.status === 2 ? 1 : 0;
    add("site", h.createdAt, h.siteId ?? 0, 1, done, failed, h.pointsSpent);
    add("vendor", h.createdAt, h.vendorId ?? 0, 1, done, failed, h.pointsSpent);
  }
  for (const p of await rows("SELECT createdAt, status, amount FROM payments")) {
    add("payments", p.createdAt, STATUS_CODE[p.status]!, 1, 0, 0, p.amount);
  }
  for (const s of await rows("SELECT itemId, startsAt, endsAt FROM subscriptions")) {
    for (const dimId of [s.itemId, 0]) {
      add("subscriptions", boundaryAtOrAfter(s.startsAt), dimId, 1);
      add("subscriptions", boundaryAtOrAfter(s.endsAt), dimId, -1);
    }
  }
  return nonZero(out);
}

const GRAINS = [
  ["y", 4],
  ["m", 7],
  ["d", 10],
] as const;

/** user_stats (migration 0093): each user's points added and used, and jobs by status, per grain. */
async function expectedUserStats() {
  const out = new Map<string, { added: number; used: number; jobs: number; done: number; failed: number }>();
  const add = (
    userId: number,
    at: string,
    figures: Partial<{ added: number; used: number; jobs: number; done: number; failed: number }>,
  ) => {
    for (const [grain, length] of GRAINS) {
      const key = `${userId}|${grain}|${at.slice(0, length)}`;
      const row = out.get(key) ?? { added: 0, used: 0, jobs: 0, done: 0, failed: 0 };
      for (const [name, value] of Object.entries(figures)) row[name as keyof typeof row] += value;
      out.set(key, row);
    }
  };
  for (const l of await rows("SELECT userId, createdAt, delta FROM quota_ledger")) {
    add(l.userId, l.createdAt, { added: Math.max(l.delta, 0), used: Math.max(-l.delta, 0) });
  }
  for (const h of await rows("SELECT userId, createdAt, status FROM history")) {
    add(h.userId, h.createdAt, { jobs: 1, done: h.status === 1 ? 1 : 0, failed: h.status === 2 ? 1 : 0 });
  }
  return nonZero(out);
}

async function storedUserStats() {
  const found = await rows("SELECT userId, grain, period, added, used, jobs, done, failed FROM user_stats");
  return nonZero(
    new Map(
      found.map(({ userId, grain, period, ...figures }) => [
        `${userId}|${grain}|${period}`,
        figures as { added: number; used: number; jobs: number; done: number; failed: number },
      ]),
    ),
  );
}

async function storedDaily() {
  const found = await rows(`SELECT day, ${DAILY_FIGURES.join(", ")} FROM daily_stats`);
  return nonZero(
    new Map(found.map(({ day, ...figures }) => [day as string, figures as Record<(typeof DAILY_FIGURES)[number], number>])),
  );
}

async function storedPeriods() {
  const found = await rows("SELECT metric, grain, period, dimId, n, done, failed, points FROM period_stats");
  return nonZero(
    new Map(
      found.map((r) => [
        `${r.metric}|${r.grain}|${r.period}|${r.dimId}`,
        { n: r.n, done: r.done, failed: r.failed, points: r.points },
      ]),
    ),
  );
}

describe("dashboard roll-ups", () => {
  it("equal the raw aggregates after random activity", async () => {
    await randomActivity(7, 250);
    const daily = await expectedDaily();
    expect(Object.keys(daily).length).toBeGreaterThan(30);
    expect(await storedDaily()).toEqual(daily);
    expect(await storedPeriods()).toEqual(await expectedPeriods());
    expect(await storedUserStats()).toEqual(await expectedUserStats());
  }, 30_000);
});

/** The statements of a migration that fill a table from the rows already there (its backfill). */
function backfill(migration: string, table: string): D1PreparedStatement[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(migration))!;
  return found.queries.filter((q) => q.startsWith(`INSERT INTO ${table} `)).map((q) => env.DB.prepare(q));
}

describe("the migrations' backfill", () => {
  it("computes the roll-ups the triggers keep, from the rows already there", async () => {
    await randomActivity(11, 120);
    const expected = [await storedDaily(), await storedPeriods(), await storedUserStats()];
    expect(Object.keys(expected[0]!).length).toBeGreaterThan(10);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM daily_stats"),
      env.DB.prepare("DELETE FROM period_stats"),
      env.DB.prepare("DELETE FROM user_stats"),
      ...backfill("0091", "daily_stats"),
      ...backfill("0091", "period_stats"),
      ...backfill("0093", "user_stats"),
    ]);
    expect([await storedDaily(), await storedPeriods(), await storedUserStats()]).toEqual(expected);
  }, 30_000);
});

describe("periods as roll-up rows", () => {
  it("cover a run of days with whole years, whole months and single days", () => {
    expect(spansOf("2003-03-04", "2003-03-11")).toEqual([{ grain: "d", first: "2003-03-04", last: "2003-03-10" }]);
    expect(spansOf("2002-12-30", "2004-02-03")).toEqual([
      { grain: "d", first: "2002-12-30", last: "2002-12-31" },
      { grain: "y", first: "2003", last: "2003" },
      { grain: "m", first: "2004-01", last: "2004-01" },
      { grain: "d", first: "2004-02-01", last: "2004-02-02" },
    ]);
    expect(spansOf("2005-01-15", "2005-01-15")).toEqual([]);
  });

  it("cover the days from one up to the far future (dashboard-stats' balance since a period began) with one span of years", () => {
    expect(spansOf("2024-03-05", "9999-01-01")).toEqual([
      { grain: "d", first: "2024-03-05", last: "2024-03-31" },
      { grain: "m", first: "2024-04", last: "2024-12" },
      { grain: "y", first: "2025", last: "9998" },
    ]);
    expect(spansOf("2024-01-01", "2026-03-02")).toEqual([
      { grain: "y", first: "2024", last: "2025" },
      { grain: "m", first: "2026-01", last: "2026-02" },
      { grain: "d", first: "2026-03-01", last: "2026-03-01" },
    ]);
  });

  it("cover exactly the days asked for, with at most one run of each grain on each side of the years", () => {
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const daysOf = (span: Span): string[] => {
      const start = span.grain === "y" ? `${span.first}-01-01` : span.grain === "m" ? `${span.first}-01` : span.first;
      const last = span.grain === "y" ? `${span.last}-12-31` : span.grain === "m" ? lastDayOfMonth(span.last) : span.last;
      const out: string[] = [];
      for (let ms = Date.parse(start); dayOf(ms) <= last; ms += 86_400_000) out.push(dayOf(ms));
      return out;
    };
    const lastDayOfMonth = (month: string) =>
      dayOf(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1) - 86_400_000);
    // A seeded walk over pairs of days between 1996 and 2031 (leap years, month and year ends included).
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 300; i++) {
      const fromMs = Date.UTC(1996, 0, 1) + (next() % 12_000) * 86_400_000;
      const from = dayOf(fromMs);
      const to = dayOf(fromMs + (next() % (i % 3 === 0 ? 40 : 1_500)) * 86_400_000);
      const spans = spansOf(from, to);
      const expected: string[] = [];
      for (let ms = fromMs; dayOf(ms) < to; ms += 86_400_000) expected.push(dayOf(ms));
      expect(spans.flatMap(daysOf), `${from} → ${to}`).toEqual(expected);
      // Days, months, years, months, days at most: neighbours never share a grain.
      expect(spans.length, `${from} → ${to}`).toBeLessThanOrEqual(5);
      expect(spans.every((s, k) => k === 0 || spans[k - 1]!.grain !== s.grain)).toBe(true);
    }
  });

  it("list runs of days across month ends, leap days and century years like the calendar", () => {
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (const first of ["1899-12-25", "1900-02-20", "2000-02-20", "2023-12-31", "2024-02-28", "2025-01-01"]) {
      const start = Date.parse(`${first}T00:00:00.000Z`);
      const calendar = Array.from({ length: 400 }, (_, i) => dayOf(start + i * 86_400_000));
      expect(daysFrom(first, 400), first).toEqual(calendar);
    }
    expect(daysFrom("2024-03-05", 0)).toEqual([]);
  });

  it("reach any day from the beginning with a bounded number of rows", () => {
    expect(spansThrough("2004-03-02")).toEqual([
      { grain: "y", first: "0000", last: "2003" },
      { grain: "m", first: "2004-01", last: "2004-02" },
      { grain: "d", first: "2004-03-01", last: "2004-03-02" },
    ]);
    expect(spansThrough("2004-12-31")).toEqual([{ grain: "y", first: "0000", last: "2004" }]);
    // A year ending on 12-31 of a leap year, and the worst case: 11 months and 30 days.
    expect(spansThrough("2005-12-30").map((s) => s.grain)).toEqual(["y", "m", "d"]);
  });
});
