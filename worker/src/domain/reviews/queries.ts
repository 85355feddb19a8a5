import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/** A review as the API shows it: its item's and author's names beside it. */
export function reviewRows(db: DB) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("items as i", "i.itemId", "r.itemId")
    .innerJoin("users as u", "u.userId", "r.userId")
    .select([
      "r.reviewId",
      "r.itemId",
      "i.itemName",
      "r.userId",
      "u.userName",
      "r.rating",
      "r.reviewText as text",
      "r.status",
      "r.createdAt",
      "r.updatedAt",
    ]);
}

export interface ReviewFilter {
  itemId?: number | undefined;
  status?: "pending" | "published" | "hidden" | undefined;
  /** The caller, whose own review of the item is read beside the page. */
  userId: number;
}

/**
 * search-review as a list, newest first (reviews_item with an item, else reviews_status or the key).
 * With an item, the same round trip reads the published reviews' average and count, and the caller's own.
 */
export function reviewList(db: DB, filter: ReviewFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = reviewRows(db);
  if (filter.itemId !== undefined) query = query.where("r.itemId", "=", filter.itemId);
  if (filter.status !== undefined) query = query.where("r.status", "=", filter.status);
  const order = [[sql`r.reviewId`, "desc"]] as const;
  if (filter.itemId === undefined) return { query, order };
  const published = db
    .selectFrom("reviews")
    .select([sql<number | null>`avg(rating)`.as("average"), sql<number>`count(*)`.as("count")])
    .where("itemId", "=", filter.itemId)
    .where("status", "=", "published");
  const mine = reviewRows(db).where("r.itemId", "=", filter.itemId).where("r.userId", "=", filter.userId);
  return { query, order, with: [published, mine, holding(db, filter.userId, filter.itemId)] };
}

/** A subscription of the user to the item, running, ended or yet to start: they hold or held it. */
const holding = (db: DB, userId: number, itemId: number) =>
  db.selectFrom("subscriptions").select("subscriptionId").where("userId", "=", userId).where("itemId", "=", itemId).limit(1);

/** Whether the user holds or held the item (only they may review it). */
export async function holdsOrHeld(db: DB, userId: number, itemId: number): Promise<boolean> {
  return (await holding(db, userId, itemId).executeTakeFirst()) !== undefined;
}
