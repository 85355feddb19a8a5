import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/** search-subscription as a list (db/list.ts): a user's subscriptions (subscriptions_user), latest end first. */
export function subscriptionList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db
      .selectFrom("subscriptions as s")
      .leftJoin("items as i", "i.itemId", "s.itemId")
      .select(["s.subscriptionId", "s.itemId", "i.itemName", "i.itemUrl", "s.startsAt", "s.endsAt", "s.autoRenew"])
      .where("s.userId", "=", userId),
    order: [
      ["s.endsAt", "desc"],
      ["s.subscriptionId", "desc"],
    ],
  };
}

/**
 * search-downloads as a list (db/list.ts): the items a user holds a subscription to that has not ended
 * (subscriptions_user), one row per item with its latest end, by name.
 */
export function downloadList(db: DB, userId: number, now: string): { query: AnySelect } & Omit<ListOptions, "window"> {
  const held = db
    .selectFrom("subscriptions as s")
    .innerJoin("items as i", "i.itemId", "s.itemId")
    .select(["i.itemId", "i.itemName", "i.itemUrl", "i.itemFile", sql<string>`max(s.endsAt)`.as("endsAt")])
    .where("s.userId", "=", userId)
    .where("s.endsAt", ">", now)
    .groupBy("i.itemId");
  return { query: held, order: [["i.itemName", "asc"]] };
}
