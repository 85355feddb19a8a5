import { sql } from "kysely";
import { ftsQuery, likeAnywhere, type DB } from "../../db";
import type { AnySelect, ListOptions, ListOrder } from "../../db/list";
import type { ColumnsOf } from "../../db/rows";
import type { ItemSort } from "../../contract/items";
import { imageUrl } from "../storage/files";

export const ITEM_COLUMNS = [
  "itemId",
  "itemName",
  "itemDesc",
  "itemPrice",
  "itemDuration",
  "itemUrl",
  "itemImage",
  "itemFile",
  "itemIsActive",
  "createdAt",
  "updatedAt",
] as const;

export type ItemRow = ColumnsOf<"items", typeof ITEM_COLUMNS>;

/** An item as the API shows it: the image as a URL, the file by its name only (never its storage key). */
export const toItem = (row: ItemRow) => ({ ...row, itemImage: imageUrl(row.itemImage), itemIsActive: row.itemIsActive === 1 });

export interface ItemFilter {
  search: string;
  sort: ItemSort;
  isActive: 0 | 1 | undefined;
}

/** The item list's order, by sort: each an index (items_newest/_name/_price and their itemIsActive twins). */
const ITEM_ORDER: Record<ItemSort, ListOrder> = {
  newest: [
    [sql`i.createdAt`, "desc"],
    [sql`i.itemId`, "desc"],
  ],
  name: [
    [sql`i.itemName`, "asc"],
    [sql`i.itemId`, "asc"],
  ],
  price_asc: [
    [sql`i.itemPrice`, "asc"],
    [sql`i.itemId`, "asc"],
  ],
  price_desc: [
    [sql`i.itemPrice`, "desc"],
    [sql`i.itemId`, "desc"],
  ],
};

/**
 * searchitem as a list (db/list.ts), in the order `sort`. Items are few: a search reads its FTS matches
 * (or, under 3 characters, every item's name and description) and sorts them.
 */
export function itemList(db: DB, filter: ItemFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const fts = filter.search ? ftsQuery(filter.search) : null;
  let query = fts
    ? db
        .selectFrom("items_fts as f")
        .innerJoin("items as i", "i.itemId", "f.rowid")
        .where(sql<boolean>`items_fts MATCH ${fts}`)
    : db.selectFrom("items as i");
  if (filter.isActive !== undefined) query = query.where("i.itemIsActive", "=", filter.isActive);
  if (filter.search && !fts) {
    const like = likeAnywhere(filter.search);
    query = query.where(sql<boolean>`(i.itemName LIKE ${like} ESCAPE '\\' OR i.itemDesc LIKE ${like} ESCAPE '\\')`);
  }
  return { query: query.select(ITEM_COLUMNS.map((c) => `i.${c}` as const)), order: ITEM_ORDER[filter.sort] };
}
