import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import { changes, ftsQuery, likeAnywhere, nowIso, runBatch, type DB } from "../db";
import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, scannedTotal, SEARCH_SCAN, totalOf } from "../db/counts";
import type { Database } from "../db/schema";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { deleteStored, imageUrl, storeUpload } from "../domain/storage/files";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { itemCalls, NEW_ITEM_DEFAULTS, type ItemSort } from "../contract/items";

const ITEM_COLUMNS = [
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

interface ItemRow {
  itemId: number;
  itemName: string;
  itemDesc: string;
  itemPrice: number;
  itemDuration: number;
  itemUrl: string;
  itemImage: string | null;
  itemFile: string | null;
  itemIsActive: number;
  createdAt: string;
  updatedAt: string;
}

/** An item as the API shows it: the image as a URL, the file by its name only (never its storage key). */
const toItem = (row: ItemRow) => ({ ...row, itemImage: imageUrl(row.itemImage), itemIsActive: row.itemIsActive === 1 });

export interface ItemFilter {
  search: string;
  sort: ItemSort;
  isActive: 0 | 1 | undefined;
  page: number;
  limit: number;
}

/** The item list's order, by sort: each is an index (items_newest/_name/_price and their itemIsActive twins). */
const ITEM_ORDER: Record<ItemSort, ReadonlyArray<readonly [string, "asc" | "desc"]>> = {
  newest: [
    ["createdAt", "desc"],
    ["itemId", "desc"],
  ],
  name: [
    ["itemName", "asc"],
    ["itemId", "asc"],
  ],
  price_asc: [
    ["itemPrice", "asc"],
    ["itemId", "asc"],
  ],
  price_desc: [
    ["itemPrice", "desc"],
    ["itemId", "desc"],
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const itemOrder = <Q extends SelectQueryBuilder<Database, any, any>>(query: Q, sort: ItemSort): Q =>
  ITEM_ORDER[sort].reduce((ordered, [column, direction]) => ordered.orderBy(sql.ref(`i.${column}`), direction) as Q, query);

/** The values of a searchitem request its statement binds (db/templates.ts); null: not set. */
type ItemListValues = {
  isActive: 0 | 1 | null;
  /** A search's FTS expression, or its LIKE pattern when it has no word of 3 or more characters. */
  fts: string | null;
  like: string | null;
  /** Without a search, the counter of the filter. */
  counter: string | null;
  offset: number;
  limit: number;
};

/** A searchitem request as its statement's values and shape (the sort). */
export function itemListValues(filter: ItemFilter): { values: ItemListValues; shape: ItemSort } {
  const { offset, limit } = pageWindow(filter.page, filter.limit);
  const isActive = filter.isActive ?? null;
  if (!filter.search) {
    const counter = isActive === null ? counterName("items") : counterName("items", ["active", isActive]);
    return { values: { isActive, fts: null, like: null, counter, offset, limit }, shape: filter.sort };
  }
  const fts = ftsQuery(filter.search);
  const like = fts === null ? likeAnywhere(filter.search) : null;
  return { values: { isActive, fts, like, counter: null, offset, limit }, shape: filter.sort };
}

/**
 * The page and total statements of searchitem, in the order `sort`. The total comes from a counter; a
 * search checks the SEARCH_SCAN newest text matches (or newest items, for 1–2 characters) one by one
 * and sorts those (db/counts.ts).
 */
function itemListStatement(db: DB, v: ItemListValues, sort: string) {
  const order = sort as ItemSort;
  const active = v.isActive === null ? null : sql<SqlBool>`i.itemIsActive = ${v.isActive}`;
  if (v.fts === null && v.like === null) {
    const rows = db
      .selectFrom("items as i")
      .select(ITEM_COLUMNS.map((c) => `i.${c}` as const))
      .where(active ?? sql<SqlBool>`1 = 1`);
    return [itemOrder(rows, order).limit(v.limit).offset(v.offset), counterTotal(db, v.counter!)] as const;
  }
  const candidates =
    v.fts !== null
      ? db
          .selectFrom("items_fts")
          .select(sql<number>`rowid`.as("id"))
          .where(sql<SqlBool>`items_fts MATCH ${v.fts}`)
          .orderBy(sql`rowid`, "desc")
          .limit(SEARCH_SCAN)
      : db.selectFrom("items").select("itemId as id").orderBy("createdAt", "desc").limit(SEARCH_SCAN);
  const conds = active ? [active] : [];
  if (v.like !== null) conds.push(sql<SqlBool>`(i.itemName LIKE ${v.like} ESCAPE '\\' OR i.itemDesc LIKE ${v.like} ESCAPE '\\')`);
  const where = conds.length ? sql<SqlBool>`${sql.join(conds, sql` AND `)}` : sql<SqlBool>`1 = 1`;
  const joined = db.selectFrom(candidates.as("c")).crossJoin("items as i").whereRef("i.itemId", "=", "c.id");
  const rows = joined.select(ITEM_COLUMNS.map((c) => `i.${c}` as const)).where(where);
  return [
    itemOrder(rows, order).limit(v.limit).offset(v.offset),
    scannedTotal(db, joined.select(["c.id", sql<number>`${where}`.as("hit")])),
  ] as const;
}

/** searchitem's statement: its page, then its total, built once per shape and bound per request. */
export const itemList = statementTemplate<ItemListValues>(itemListStatement);

/** searchitem's statement for one request, built directly (a test reads its query plans). */
export function itemListQueries(db: DB, filter: ItemFilter) {
  const { values, shape } = itemListValues(filter);
  return itemList.direct(db, values, shape);
}

const searchItem = route(itemCalls.searchitem, {
  async handler(ctx, input) {
    // Those who cannot manage items (clients) see only the active ones.
    const isActive = ctx.ability.can("manage", "Item") ? input.isActive : 1;
    const { values, shape } = itemListValues({ ...input, isActive });
    const [rows, total] = await runFolded(ctx.env.DB, itemList.parts(ctx.db, values, shape));
    return list((rows!.results as unknown as ItemRow[]).map(toItem), totalOf(total), input.page, input.limit);
  },
});

async function loadItem(ctx: Ctx, itemId: number) {
  const item = await ctx.db
    .selectFrom("items")
    .select([...ITEM_COLUMNS, "itemFileKey"])
    .where("itemId", "=", itemId)
    .executeTakeFirst();
  if (!item) throw notFound("noSuchItem");
  return item;
}

const updateItem = route(itemCalls.updateitem, {
  async handler(ctx, input) {
    const existing = input.itemId ? await loadItem(ctx, input.itemId) : null;
    const image = input.itemImageNew ? await storeUpload(ctx.env.FILES, input.itemImageNew, "image", "itemImageNew") : null;
    const file = input.uploadedFile ? await storeUpload(ctx.env.FILES, input.uploadedFile, "itemFile", "uploadedFile") : null;
    // The original client sends none of these: an update keeps the stored values, a new item takes the defaults.
    const itemDuration = input.itemDuration ?? existing?.itemDuration ?? NEW_ITEM_DEFAULTS.itemDuration;
    const itemIsActive = input.itemIsActive ?? (existing ? existing.itemIsActive === 1 : NEW_ITEM_DEFAULTS.itemIsActive);
    const fields = {
      itemName: input.itemName,
      itemDesc: input.itemDesc,
      itemPrice: input.itemPrice,
      itemDuration,
      itemUrl: input.itemUrl ?? existing?.itemUrl ?? "",
      itemIsActive: itemIsActive ? 1 : 0,
      ...(image ? { itemImage: image.key } : {}),
      ...(file ? { itemFile: file.name, itemFileKey: file.key } : {}),
    };
    const detail = {
      itemName: input.itemName,
      itemPrice: input.itemPrice,
      itemDuration,
      itemIsActive,
      newImage: image !== null,
      newFile: file?.name ?? null,
    };
    let itemId: number;
    try {
      if (!existing) {
        const [created] = await runBatch<{ itemId: number }>(ctx.env.DB, [
          ctx.db.insertInto("items").values(fields).returning("itemId"),
          audit(domainOf(ctx), { action: "create-item", subject: "Item", subjectId: insertedRowId, detail }, oneRowChanged),
        ]);
        itemId = created!.results[0]!.itemId;
      } else {
        itemId = existing.itemId;
        const [updated] = await runBatch(ctx.env.DB, [
          ctx.db
            .updateTable("items")
            .set({ ...fields, updatedAt: nowIso() })
            .where("itemId", "=", itemId),
          audit(domainOf(ctx), { action: "update-item", subject: "Item", subjectId: itemId, detail }, oneRowChanged),
        ]);
        if (changes(updated) === 0) throw notFound("noSuchItem");
      }
    } catch (error) {
      // The stored file is orphaned when the row could not take it.
      await deleteStored(ctx.env.FILES, file?.key);
      throw error;
    }
    // The replaced downloadable file is no longer reachable.
    if (file && existing?.itemFileKey) ctx.exec.waitUntil(deleteStored(ctx.env.FILES, existing.itemFileKey));
    const item = await ctx.db.selectFrom("items").select(ITEM_COLUMNS).where("itemId", "=", itemId).executeTakeFirstOrThrow();
    return json({ message: success(ctx, existing ? "itemUpdated" : "itemCreated"), item: toItem(item) });
  },
});

const deleteItem = route(itemCalls.deleteitem, {
  async handler(ctx, { itemId }) {
    const item = await loadItem(ctx, itemId);
    const sold = await ctx.db
      .selectFrom("subscriptions")
      .select("subscriptionId")
      .where("itemId", "=", itemId)
      .limit(1)
      .executeTakeFirst();
    // Subscriptions point at the item (and its downloadable file): it can only be retired.
    if (sold) throw conflict("itemHasSubscriptions", "item_has_subscriptions");
    let deleted: D1Result | undefined;
    try {
      [deleted] = await runBatch(ctx.env.DB, [
        ctx.db.deleteFrom("items").where("itemId", "=", itemId),
        audit(
          domainOf(ctx),
          { action: "delete-item", subject: "Item", subjectId: itemId, detail: { itemName: item.itemName } },
          oneRowChanged,
        ),
        ctx.db.deleteFrom("carts").where("kind", "=", "item").where("refId", "=", itemId),
      ]);
    } catch (error) {
      if (String(error).includes("FOREIGN KEY")) {
        throw conflict("itemHasSubscriptions", "item_has_subscriptions");
      }
      throw error;
    }
    if (changes(deleted) === 0) throw notFound("noSuchItem");
    ctx.exec.waitUntil(deleteStored(ctx.env.FILES, item.itemFileKey));
    return json({ message: success(ctx, "itemDeleted") });
  },
});

export const itemsRoutes = [searchItem, updateItem, deleteItem];
