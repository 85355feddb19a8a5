import { sql, type RawBuilder } from "kysely";
import { nowIso, type DB } from "../../db";
import { counterName } from "../../db/counts";

/**
 * Who holds a plan, from plan_holders (migration 0120): one row per item and live user with a
 * subscription to it, kept by triggers, and swept by the frequent cron once the subscriptions ended.
 */

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** A plan filter: an item id, or an item name (every item of that name). */
export type PlanFilter = { itemId: number } | { itemName: string };

export function planFilterOf(value: string): PlanFilter | null {
  if (!value) return null;
  return /^\d+$/.test(value) ? { itemId: Number(value) } : { itemName: value };
}

function itemIs(plan: PlanFilter): RawBuilder<boolean> {
  return "itemId" in plan
    ? sql<boolean>`h.itemId = ${plan.itemId}`
    : sql<boolean>`h.itemId IN (SELECT itemId FROM items WHERE itemName = ${plan.itemName})`;
}

/** The holders of a plan today (as `id`): for an item id, newest user first (the table's key order). */
export function planHolders(db: DB, plan: PlanFilter) {
  const holders = db
    .selectFrom("plan_holders as h")
    .select("h.userId as id")
    .where(itemIs(plan))
    .where(sql<boolean>`h.endsAt > ${NOW}`);
  return "itemId" in plan ? holders.orderBy("h.userId", "desc") : holders;
}

/** Whether the user `u` holds the plan today: a key probe per item. */
export function holdsPlan(plan: PlanFilter): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM plan_holders h WHERE ${itemIs(plan)} AND h.userId = u.userId AND h.endsAt > ${NOW})`;
}

/** The counter of the users holding item `itemId` (migration 0120). */
export const planCounterName = (itemId: number) => counterName("users", ["plan", itemId]);

/**
 * How many users hold item `itemId` today, exactly: its counter (`counter`, planCounterName's) less its
 * rows whose end has passed (those the sweep has not removed yet: minutes' worth, found through
 * plan_holders_ends).
 */
export function planHoldersTotal(db: DB, itemId: number, counter: string) {
  // Through the ends' index: the item's key range would walk every holder of the plan.
  const ended = sql<number>`(SELECT count(*) FROM plan_holders INDEXED BY plan_holders_ends WHERE endsAt <= ${NOW} AND itemId = ${itemId})`;
  return db
    .selectFrom("counters")
    .select([sql<number>`coalesce(max(counterValue), 0) - ${ended}`.as("n"), sql<number>`0`.as("capped")])
    .where("counterName", "=", counter);
}

/** Removes the holders whose subscriptions have all ended; each removal lowers its plan's counter. */
export function sweepEndedPlans(d1: D1Database) {
  return d1.prepare("DELETE FROM plan_holders WHERE endsAt <= ?1").bind(nowIso()).run();
}
