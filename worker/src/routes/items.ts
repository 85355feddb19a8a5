import { sql, type SqlBool } from "kysely";
import { changes, countOf, ftsQuery, likeAnywhere, nowIso, runBatch, type DB } from "../db";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { deleteStored, imageUrl, storeUpload } from "../domain/storage/files";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list } from "../http/respond";
import { route } from "../http/route";
import { itemCalls, type ItemSort } from "../contract/items";

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

/** The page and count statements of searchitem (exported so a test can read their query plans). */
export function itemListQueries(db: DB, filter: ItemFilter) {
  const conds = [];
  if (filter.isActive !== undefined) conds.push(sql<SqlBool>`itemIsActive = ${filter.isActive}`);
  const match = ftsQuery(filter.search);
  if (match) conds.push(sql<SqlBool>`itemId IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ${match})`);
  else if (filter.search) {
    const like = likeAnywhere(filter.search);
    conds.push(sql<SqlBool>`(itemName LIKE ${like} ESCAPE '\\' OR itemDesc LIKE ${like} ESCAPE '\\')`);
  }
  const where = conds.length ? sql<SqlBool>`${sql.join(conds, sql` AND `)}` : sql<SqlBool>`1 = 1`;
  let page = db.selectFrom("items").select(ITEM_COLUMNS).where(where);
  // Each order is served by an index (items_newest/_name/_price and their itemIsActive twins).
  if (filter.sort === "name") page = page.orderBy("itemName").orderBy("itemId");
  else if (filter.sort === "price_asc") page = page.orderBy("itemPrice").orderBy("itemId");
  else if (filter.sort === "price_desc") page = page.orderBy("itemPrice", "desc").orderBy("itemId", "desc");
  else page = page.orderBy("createdAt", "desc").orderBy("itemId", "desc");
  return {
    page: page.limit(filter.limit).offset((filter.page - 1) * filter.limit),
    count: db
      .selectFrom("items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(where),
  };
}

const searchItem = route(itemCalls.searchitem, {
  async handler(ctx, input) {
    // Those who cannot manage items (clients) see only the active ones.
    const isActive = ctx.ability.can("manage", "Item") ? input.isActive : 1;
    const { page, count } = itemListQueries(ctx.db, { ...input, isActive });
    const [rows, total] = await runBatch(ctx.env.DB, [page, count]);
    return list((rows!.results as unknown as ItemRow[]).map(toItem), countOf(total), input.page, input.limit);
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
    const fields = {
      itemName: input.itemName,
      itemDesc: input.itemDesc,
      itemPrice: input.itemPrice,
      itemDuration: input.itemDuration,
      itemUrl: input.itemUrl,
      itemIsActive: input.itemIsActive ? 1 : 0,
      ...(image ? { itemImage: image.key } : {}),
      ...(file ? { itemFile: file.name, itemFileKey: file.key } : {}),
    };
    const detail = {
      itemName: input.itemName,
      itemPrice: input.itemPrice,
      itemDuration: input.itemDuration,
      itemIsActive: input.itemIsActive,
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
    return json({ message: existing ? "Item updated successfully!" : "Item created successfully!", item: toItem(item) });
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
    return json({ message: "Item deleted successfully!" });
  },
});

export const itemsRoutes = [searchItem, updateItem, deleteItem];
