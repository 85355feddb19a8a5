import { sql } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import type { AnySelect, ListOptions, ListOrder } from "../../db/list";
import type { RowOf } from "../../db/rows";
import type { LINE_KINDS } from "../../contract/commerce";
import type { PRODUCT_SORTS } from "../../contract/store";
import { imageUrl } from "../storage/files";

export interface ProductFilter {
  search: string;
  kind?: (typeof LINE_KINDS)[number] | undefined;
  status?: 0 | 1 | undefined;
  sort: (typeof PRODUCT_SORTS)[number];
}

/** Items as products; bundles are selected in the same columns (the union's other branch). */
const itemProducts = (db: DB) =>
  db
    .selectFrom("items")
    .select([
      sql<"item" | "bundle">`'item'`.as("kind"),
      "itemId as id",
      "itemName as name",
      "itemDesc as description",
      "itemPrice as price",
      "itemIsActive as isActive",
      "itemImage as image",
      sql<number | null>`itemDuration`.as("duration"),
      sql<number | null>`NULL`.as("points"),
      "createdAt",
    ]);

export type ProductRow = RowOf<typeof itemProducts>;

export const toProduct = (row: ProductRow) => ({ ...row, isActive: row.isActive === 1, image: imageUrl(row.image) });

const ORDER: Record<ProductFilter["sort"], ListOrder> = {
  newest: [
    [sql`p.createdAt`, "desc"],
    [sql`p.kind`, "asc"],
    [sql`p.id`, "desc"],
  ],
  name: [
    [sql`p.name`, "asc"],
    [sql`p.points`, "asc"],
    [sql`p.kind`, "asc"],
    [sql`p.id`, "asc"],
  ],
  price_asc: [
    [sql`p.price`, "asc"],
    [sql`p.kind`, "asc"],
    [sql`p.id`, "asc"],
  ],
  price_desc: [
    [sql`p.price`, "desc"],
    [sql`p.kind`, "asc"],
    [sql`p.id`, "desc"],
  ],
};

/**
 * search-product as a list (db/list.ts): items and bundles as one UNION ALL, filtered in each branch.
 * The catalogue is small (a shop's products, not its sales): the page sorts what matches. Bundles are
 * few: a search is a LIKE on their names and points ("500" finds the 500-point pack).
 */
export function productList(db: DB, filter: ProductFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const like = filter.search ? likeAnywhere(filter.search) : null;
  let items = itemProducts(db);
  let bundles = db
    .selectFrom("bundles")
    .select([
      sql<"item" | "bundle">`'bundle'`.as("kind"),
      "bundleId as id",
      "bundleName as name",
      "bundleDesc as description",
      "bundlePrice as price",
      "bundleIsActive as isActive",
      sql<string | null>`NULL`.as("image"),
      sql<number | null>`NULL`.as("duration"),
      sql<number | null>`bundlePoin`.as("points"),
      "createdAt",
    ]);
  if (filter.status !== undefined) {
    items = items.where("itemIsActive", "=", filter.status);
    bundles = bundles.where("bundleIsActive", "=", filter.status);
  }
  if (like !== null) {
    // Items are searched as searchitem searches them: words of 3+ characters in items_fts (name and
    // description), shorter ones by LIKE on the name (decision 0001).
    const match = ftsQuery(filter.search);
    items =
      match !== null
        ? items.where("itemId", "in", ftsMatches(db, "items_fts", match))
        : items.where(sql<boolean>`itemName LIKE ${like} ESCAPE '\\'`);
    bundles = bundles.where(
      sql<boolean>`(bundleName LIKE ${like} ESCAPE '\\' OR bundleNameFr LIKE ${like} ESCAPE '\\' OR bundleNameAr LIKE ${like} ESCAPE '\\' OR CAST(bundlePoin AS TEXT) LIKE ${like} ESCAPE '\\')`,
    );
  }
  const union: AnySelect = filter.kind === "item" ? items : filter.kind === "bundle" ? bundles : items.unionAll(bundles);
  return { query: db.selectFrom(union.as("p")).selectAll(), order: ORDER[filter.sort] };
}
