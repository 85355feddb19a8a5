import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, countRows, createAdmin, createUser, pdfFile } from "./helpers";

/** A 1×1 PNG: real image bytes. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const pngFile = (name = "cover.png") => new File([PNG], name, { type: "image/png" });

const fields = (extra: Record<string, string | File> = {}) => ({
  itemId: "0",
  itemName: "Research plan",
  itemDesc: "Access for a semester",
  itemPrice: "1500",
  itemDuration: "120",
  itemUrl: "https://example.com/research",
  itemIsActive: "true",
  ...extra,
});

async function addItem(name: string, price: number, active: boolean) {
  const row = await env.DB.prepare(
    "INSERT INTO items (itemName, itemDesc, itemPrice, itemDuration, itemIsActive) VALUES (?1, 'desc', ?2, 30, ?3) RETURNING itemId",
  )
    .bind(name, price, active ? 1 : 0)
    .first<{ itemId: number }>();
  return row!.itemId;
}

const ids = (body: { data: { itemId: number }[] }) => body.data.map((i) => i.itemId);

describe("searchitem", () => {
  it("needs a signed-in user", async () => {
    expect((await call("searchitem", {})).status).toBe(401);
  });

  it("shows clients active items only", async () => {
    const client = await createUser();
    const tag = `Zebrafish${Date.now()}`;
    const on = await addItem(`${tag} on`, 100, true);
    const off = await addItem(`${tag} off`, 100, false);
    const res = await call("searchitem", { search: tag, isActive: false }, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([on]);
    expect(res.body.data[0].itemIsActive).toBe(true);
    const admin = await createAdmin();
    const all = await call("searchitem", { search: tag }, { cookie: admin.cookie });
    expect(ids(all.body).sort()).toEqual([on, off].sort());
  });

  it("searches names and descriptions, also with short words, and pages by 12", async () => {
    const admin = await createAdmin();
    const tag = `Quokka${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 14; i++) made.push(await addItem(`${tag} ${i}`, 100 + i, true));
    const first = await call("searchitem", { search: tag, page: 1 }, { cookie: admin.cookie });
    expect(first.body).toMatchObject({ total: 14, page: 1, limit: 12 });
    expect(first.body.data).toHaveLength(12);
    const second = await call("searchitem", { search: tag, page: 2 }, { cookie: admin.cookie });
    expect(second.body.data).toHaveLength(2);
    expect(new Set([...ids(first.body), ...ids(second.body)])).toEqual(new Set(made));
    // Two characters are below the trigram minimum: LIKE answers instead.
    const short = await call("searchitem", { search: "1", limit: 100 }, { cookie: admin.cookie });
    expect(short.status).toBe(200);
    expect(short.body.data.every((i: { itemName: string; itemDesc: string }) => `${i.itemName}${i.itemDesc}`.includes("1"))).toBe(
      true,
    );
  });

  it("sorts by name and by price both ways", async () => {
    const admin = await createAdmin();
    const tag = `Ocelot${Date.now()}`;
    const b = await addItem(`${tag} b`, 300, true);
    const a = await addItem(`${tag} a`, 500, true);
    const c = await addItem(`${tag} c`, 100, true);
    const order = async (sort: string) => ids((await call("searchitem", { search: tag, sort }, { cookie: admin.cookie })).body);
    expect(await order("name")).toEqual([a, b, c]);
    expect(await order("price_asc")).toEqual([c, b, a]);
    expect(await order("price_desc")).toEqual([a, b, c]);
    expect(await order("newest")).toEqual([c, a, b]);
    const bad = await call("searchitem", { sort: "random()" }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("sort");
  });
});

describe("updateitem", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    expect((await callForm("updateitem", fields())).status).toBe(401);
    const before = await countRows("items");
    expect((await callForm("updateitem", fields(), { cookie: client.cookie })).status).toBe(403);
    expect(await countRows("items")).toBe(before);
  });

  it("creates an item with an image and a downloadable file, without exposing the storage key", async () => {
    const admin = await createAdmin();
    const res = await callForm("updateitem", fields({ itemImageNew: pngFile(), uploadedFile: pdfFile("guide.pdf") }), {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Item created successfully!");
    expect(res.body.item).toMatchObject({
      itemName: "Research plan",
      itemPrice: 1500,
      itemDuration: 120,
      itemIsActive: true,
      itemFile: "guide.pdf",
    });
    expect(res.body.item.itemImage).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);
    expect(res.body.item).not.toHaveProperty("itemFileKey");
    const row = await env.DB.prepare("SELECT itemFileKey FROM items WHERE itemId = ?1")
      .bind(res.body.item.itemId)
      .first<{ itemFileKey: string }>();
    expect(await env.FILES.get(row!.itemFileKey)).not.toBeNull();
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'create-item' AND subjectId = ?1")
      .bind(String(res.body.item.itemId))
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ itemName: "Research plan", newFile: "guide.pdf" });
  });

  it("updates an item and keeps its image and file when none is sent", async () => {
    const admin = await createAdmin();
    const created = await callForm("updateitem", fields({ itemImageNew: pngFile(), uploadedFile: pdfFile() }), {
      cookie: admin.cookie,
    });
    const itemId = String(created.body.item.itemId);
    const res = await callForm(
      "updateitem",
      fields({ itemId, itemName: "Renamed", itemIsActive: "false", itemImageNew: "", uploadedFile: "" }),
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Item updated successfully!");
    expect(res.body.item).toMatchObject({
      itemName: "Renamed",
      itemIsActive: false,
      itemImage: created.body.item.itemImage,
      itemFile: created.body.item.itemFile,
    });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'update-item' AND subjectId = ?1")
      .bind(itemId)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ itemName: "Renamed", itemIsActive: false, newFile: null });
  });

  it("takes the original client's fields alone: a new item lasts 30 days and is on sale, an update keeps the rest", async () => {
    const admin = await createAdmin();
    const original = { itemId: "0", itemName: "Seed plan", itemDesc: "From the old form", itemPrice: "700" };
    const created = await callForm("updateitem", original, { cookie: admin.cookie });
    expect(created.status).toBe(200);
    expect(created.body.item).toMatchObject({ itemName: "Seed plan", itemDuration: 30, itemIsActive: true, itemUrl: "" });

    const full = await callForm("updateitem", fields(), { cookie: admin.cookie });
    const itemId = String(full.body.item.itemId);
    await callForm("updateitem", fields({ itemId, itemIsActive: "false" }), { cookie: admin.cookie });
    const updated = await callForm(
      "updateitem",
      { ...original, itemId, itemName: "Renamed by the old form" },
      { cookie: admin.cookie },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.item).toMatchObject({
      itemName: "Renamed by the old form",
      itemPrice: 700,
      itemDuration: 120,
      itemIsActive: false,
      itemUrl: "https://example.com/research",
    });
    // Sent blank (an empty input of a form), they are absent too: still kept.
    const blank = await callForm(
      "updateitem",
      { ...original, itemId, itemDuration: "", itemIsActive: "" },
      { cookie: admin.cookie },
    );
    expect(blank.status).toBe(200);
    expect(blank.body.item).toMatchObject({ itemDuration: 120, itemIsActive: false });
    // Sent, they still apply; a blank link clears it.
    const cleared = await callForm("updateitem", fields({ itemId, itemDuration: "7", itemIsActive: "true", itemUrl: "" }), {
      cookie: admin.cookie,
    });
    expect(cleared.body.item).toMatchObject({ itemDuration: 7, itemIsActive: true, itemUrl: "" });
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'create-item' AND subjectId = ?1")
      .bind(String(created.body.item.itemId))
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ itemDuration: 30, itemIsActive: true });
  });

  it("refuses a PDF posing as an image, changing nothing", async () => {
    const admin = await createAdmin();
    const before = await countRows("items");
    const fake = new File([await pdfFile().arrayBuffer()], "photo.png", { type: "image/png" });
    const res = await callForm("updateitem", fields({ itemImageNew: fake }), { cookie: admin.cookie });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: "unsupported_type", field: "itemImageNew" });
    expect(await countRows("items")).toBe(before);
  });

  it("refuses an image over 2 MB", async () => {
    const admin = await createAdmin();
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG);
    const res = await callForm("updateitem", fields({ itemImageNew: new File([big], "big.png") }), { cookie: admin.cookie });
    expect(res.status).toBe(413);
  });

  it("refuses blank names, negative or absurd numbers and unsafe links, changing nothing", async () => {
    const admin = await createAdmin();
    const before = await countRows("items");
    const cases: [Record<string, string>, string, string | null][] = [
      [{ itemName: "  " }, "itemName", 'The field "itemName" is required.'],
      [{ itemPrice: "" }, "itemPrice", 'The field "itemPrice" is required.'],
      [{ itemPrice: "-1" }, "itemPrice", null],
      [{ itemPrice: "1e99" }, "itemPrice", null],
      [{ itemDuration: "0" }, "itemDuration", null],
      [{ itemDuration: "99999" }, "itemDuration", null],
      [{ itemUrl: "javascript:alert(1)" }, "itemUrl", null],
      [{ itemIsActive: "maybe" }, "itemIsActive", null],
    ];
    for (const [patch, field, text] of cases) {
      const res = await callForm("updateitem", fields(patch), { cookie: admin.cookie });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.field).toBe(field);
      if (text) expect(res.body.error).toBe(text);
    }
    expect(await countRows("items")).toBe(before);
  });

  it("answers 404 for an unknown item", async () => {
    const admin = await createAdmin();
    const res = await callForm("updateitem", fields({ itemId: "99999999" }), { cookie: admin.cookie });
    expect(res.status).toBe(404);
  });
});

describe("deleteitem", () => {
  it("is for admins only", async () => {
    const client = await createUser();
    const itemId = await addItem("Keep me", 1, true);
    expect((await call("deleteitem", { itemId })).status).toBe(401);
    expect((await call("deleteitem", { itemId }, { cookie: client.cookie })).status).toBe(403);
    expect(await env.DB.prepare("SELECT 1 FROM items WHERE itemId = ?1").bind(itemId).first()).not.toBeNull();
  });

  it("deletes an item with its file and drops it from carts", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const created = await callForm("updateitem", fields({ uploadedFile: pdfFile() }), { cookie: admin.cookie });
    const itemId = created.body.item.itemId as number;
    const { itemFileKey } = (await env.DB.prepare("SELECT itemFileKey FROM items WHERE itemId = ?1")
      .bind(itemId)
      .first<{ itemFileKey: string }>())!;
    await env.DB.prepare("INSERT INTO carts (userId, kind, refId, qty) VALUES (?1, 'item', ?2, 1)")
      .bind(client.userId, itemId)
      .run();
    const res = await call("deleteitem", { itemId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Item deleted successfully!" });
    expect(await env.DB.prepare("SELECT 1 FROM items WHERE itemId = ?1").bind(itemId).first()).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM carts WHERE kind = 'item' AND refId = ?1").bind(itemId).first()).toBeNull();
    const audit = await env.DB.prepare("SELECT actorId FROM audit_log WHERE action = 'delete-item' AND subjectId = ?1")
      .bind(String(itemId))
      .first();
    expect(audit).toEqual({ actorId: admin.userId });
    await expect.poll(async () => env.FILES.get(itemFileKey)).toBeNull();
    const found = await call("searchitem", { search: "Research plan", limit: 100 }, { cookie: admin.cookie });
    expect(ids(found.body)).not.toContain(itemId);
  });

  it("refuses to delete an item someone subscribed to", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const itemId = await addItem("Sold plan", 100, true);
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', ?3)",
    )
      .bind(client.userId, itemId, `test:${itemId}`)
      .run();
    const res = await call("deleteitem", { itemId }, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("item_has_subscriptions");
    expect(await env.DB.prepare("SELECT 1 FROM items WHERE itemId = ?1").bind(itemId).first()).not.toBeNull();
  });

  it("answers 404 for an unknown item", async () => {
    const admin = await createAdmin();
    expect((await call("deleteitem", { itemId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
  });
});
