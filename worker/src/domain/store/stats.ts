import { runBatch } from "../../db";
import { daysFrom } from "../stats/periods";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `range` UTC days ending with `end` (today when absent or later), and the as many days before. */
export function storePeriod(range: number, end: string | undefined, now: Date) {
  const today = dayOf(now.getTime());
  const last = end && end < today ? end : today;
  const endMs = Date.parse(`${last}T00:00:00.000Z`) + DAY_MS;
  const startMs = endMs - range * DAY_MS;
  return {
    days: daysFrom(dayOf(startMs), range),
    previousFrom: dayOf(startMs - range * DAY_MS),
    from: dayOf(startMs),
    /** The day after the period (exclusive). */
    to: dayOf(endMs),
  };
}

export type StorePeriod = ReturnType<typeof storePeriod>;

/** A raw row of a roll-up (as dashboard-stats reads them): figures are read through `num`. */
type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0) || 0;

/** The ten products that sold for the most in the period (daily_product_stats, migration 0270), with their names now. */
const TOP_PRODUCTS = `SELECT g.kind, g.refId, coalesce(i.itemName, b.bundleName, '') AS name, b.bundlePoin AS points, g.qty, g.amount
  FROM (SELECT kind, refId, sum(qty) AS qty, sum(amount) AS amount FROM daily_product_stats
        WHERE day >= ?1 AND day < ?2 GROUP BY kind, refId HAVING sum(qty) <> 0) g
  LEFT JOIN items i ON g.kind = 'item' AND i.itemId = g.refId
  LEFT JOIN bundles b ON g.kind = 'bundle' AND b.bundleId = g.refId
  ORDER BY g.amount DESC, g.qty DESC, g.kind, g.refId LIMIT 10`;

/**
 * store-stats in one batch: the days of both periods from daily_stats (paid payments and what they kept
 * after refunds, by paid day: migration 0191; accounts created) and the top products of the period.
 * An order is a paid payment; the average order value is revenue over orders, rounded. `referrals` is the
 * part of new customers and revenue that came by a referral (migration 0400): the page shows it as a share.
 */
export async function storeFigures(d1: D1Database, p: StorePeriod) {
  const [days, top] = await runBatch<Row>(d1, [
    d1
      .prepare(
        `SELECT day, paidCount, paidAmount, newUsers, referredUsers, referredPaidAmount FROM daily_stats
         WHERE day >= ?1 AND day < ?2`,
      )
      .bind(p.previousFrom, p.to),
    d1.prepare(TOP_PRODUCTS).bind(p.from, p.to),
  ]);
  const rows = days?.results ?? [];
  const index = new Map(p.days.map((day, i) => [day, i]));
  const revenue = new Array<number>(p.days.length).fill(0);
  const orders = new Array<number>(p.days.length).fill(0);
  const previous = { revenue: 0, orders: 0, newUsers: 0, referredUsers: 0, referredRevenue: 0 };
  const referred = { users: 0, revenue: 0 };
  let newUsers = 0;
  for (const row of rows) {
    const at = index.get(String(row.day));
    if (at === undefined) {
      previous.revenue += num(row.paidAmount);
      previous.orders += num(row.paidCount);
      previous.newUsers += num(row.newUsers);
      previous.referredUsers += num(row.referredUsers);
      previous.referredRevenue += num(row.referredPaidAmount);
      continue;
    }
    revenue[at]! += num(row.paidAmount);
    orders[at]! += num(row.paidCount);
    newUsers += num(row.newUsers);
    referred.users += num(row.referredUsers);
    referred.revenue += num(row.referredPaidAmount);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const current = { revenue: sum(revenue), orders: sum(orders) };
  const average = (money: number, count: number) => (count === 0 ? 0 : Math.round(money / count));
  return {
    kpis: {
      revenue: { current: current.revenue, previous: previous.revenue },
      orders: { current: current.orders, previous: previous.orders },
      averageOrderValue: {
        current: average(current.revenue, current.orders),
        previous: average(previous.revenue, previous.orders),
      },
      newCustomers: { current: newUsers, previous: previous.newUsers },
    },
    referrals: {
      newCustomers: { current: referred.users, previous: previous.referredUsers },
      revenue: { current: referred.revenue, previous: previous.referredRevenue },
    },
    series: { revenue, orders },
    topProducts: (top?.results ?? []).map((row) => ({
      kind: row.kind === "bundle" ? ("bundle" as const) : ("item" as const),
      refId: num(row.refId),
      name: String(row.name ?? ""),
      points: row.kind === "bundle" && row.points !== null ? num(row.points) : null,
      qty: num(row.qty),
      amount: num(row.amount),
    })),
  };
}
