import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import { ITEM_COLUMNS, itemList, toItem, type ItemRow } from "../domain/catalogue/items";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { deleteStored, storeUpload } from "../domain/storage/files";
import { conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { itemCalls, NEW_ITEM_DEFAULTS } from "../contract/items";

const searchItem = route(itemCalls.searchitem, {
  async handler(ctx, input) {
    // Those who cannot manage items (clients) see only the active ones.
    const isActive = ctx.ability.can("manage", "Item") ? input.isActive : 1;
    const { query, ...options } = itemList(ctx.db, { ...input, isActive });
    const page = await listPage<ItemRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toItem), page, input.page, input.limit);
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

export const routes = [searchItem, updateItem, deleteItem];
