import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createUser } from "./helpers";

const IMAGE_KEY = `images/${"ab".repeat(32)}.png`;
const FILE_KEY = "item-files/secret-file-key.zip";

interface Seeded {
  activeBundle: number;
  inactiveBundle: number;
  activeItem: number;
  inactiveItem: number;
}

async function insertBundle(points: number, ppp: number, disc: number, active: 0 | 1) {
  const row = await env.DB.prepare(
    "INSERT INTO bundles (bundlePoin, bundlePPP, bundleDisc, bundleIsActive) VALUES (?1, ?2, ?3, ?4) RETURNING bundleId",
  )
    .bind(points, ppp, disc, active)
    .first<{ bundleId: number }>();
  return row!.bundleId;
}

async function insertItem(name: string, active: 0 | 1) {
  const row = await env.DB.prepare(
    `INSERT INTO items (itemName, itemDesc, itemPrice, itemDuration, itemUrl, itemImage, itemFile, itemFileKey, itemIsActive)
     VALUES (?1, 'A plan for the tests.', 1990, 30, 'https://vendor.example/secret-url', ?2, 'guide.zip', ?3, ?4) RETURNING itemId`,
  )
    .bind(name, IMAGE_KEY, FILE_KEY, active)
    .first<{ itemId: number }>();
  return row!.itemId;
}

describe("public-catalogue", () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = {
      activeBundle: await insertBundle(777, 12, 25, 1),
      inactiveBundle: await insertBundle(778, 12, 0, 0),
      activeItem: await insertItem("Front test active plan", 1),
      inactiveItem: await insertItem("Front test hidden plan", 0),
    };
  });

  /** A bundle's optional name and description per language (migration 0230), none here. */
  const NO_TEXTS = { bundleName: "", bundleNameFr: "", bundleNameAr: "", bundleDesc: "", bundleDescFr: "", bundleDescAr: "" };

  it("answers anonymous visitors with the active bundles, items and the currency", async () => {
    const res = await call("public-catalogue");
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe(env.CURRENCY);
    const bundle = res.body.bundles.find((b: { bundleId: number }) => b.bundleId === seeded.activeBundle);
    // 777 points × 12 × 75 % = 6993 (the computed bundlePrice column).
    expect(bundle).toEqual({ bundleId: seeded.activeBundle, bundlePoin: 777, bundlePrice: 6993, bundleDisc: 25, ...NO_TEXTS });
    const item = res.body.items.find((i: { itemId: number }) => i.itemId === seeded.activeItem);
    expect(item).toEqual({
      itemId: seeded.activeItem,
      itemName: "Front test active plan",
      itemDesc: "A plan for the tests.",
      itemPrice: 1990,
      itemDuration: 30,
      itemImage: `/${IMAGE_KEY}`,
    });
  });

  it("never shows inactive bundles or items", async () => {
    const res = await call("public-catalogue");
    const bundleIds = res.body.bundles.map((b: { bundleId: number }) => b.bundleId);
    const itemIds = res.body.items.map((i: { itemId: number }) => i.itemId);
    expect(bundleIds).not.toContain(seeded.inactiveBundle);
    expect(itemIds).not.toContain(seeded.inactiveItem);
    const active = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM bundles WHERE bundleIsActive = 1) AS b, (SELECT count(*) FROM items WHERE itemIsActive = 1) AS i",
    ).first<{ b: number; i: number }>();
    expect(bundleIds).toHaveLength(active!.b);
    expect(itemIds).toHaveLength(active!.i);
  });

  it("answers no file keys, vendor URLs, price per point or flags", async () => {
    const res = await call("public-catalogue");
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(FILE_KEY);
    expect(text).not.toContain("secret-url");
    expect(text).not.toContain("guide.zip");
    for (const bundle of res.body.bundles) {
      expect(Object.keys(bundle).sort()).toEqual(
        ["bundleDisc", "bundleId", "bundlePoin", "bundlePrice", ...Object.keys(NO_TEXTS)].sort(),
      );
    }
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(["itemDesc", "itemDuration", "itemId", "itemImage", "itemName", "itemPrice"]);
    }
    expect(Object.keys(res.body).sort()).toEqual(["bundles", "currency", "items"]);
  });

  it("lists bundles by points and may be cached publicly for a minute", async () => {
    const res = await call("public-catalogue");
    const points = res.body.bundles.map((b: { bundlePoin: number }) => b.bundlePoin);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("answers signed-in clients and admins the same public view", async () => {
    const anonymous = await call("public-catalogue");
    const client = await call("public-catalogue", {}, { cookie: (await createUser()).cookie });
    const admin = await call("public-catalogue", {}, { cookie: (await createAdmin()).cookie });
    expect(client.status).toBe(200);
    expect(admin.status).toBe(200);
    expect(client.body).toEqual(anonymous.body);
    expect(admin.body.bundles.map((b: { bundleId: number }) => b.bundleId)).not.toContain(seeded.inactiveBundle);
  });

  it("changes nothing and refuses a cross-site POST", async () => {
    const before = [await countRows("bundles"), await countRows("items")];
    const res = await call("public-catalogue", {}, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("cross_origin");
    expect([await countRows("bundles"), await countRows("items")]).toEqual(before);
  });

  it("rejects a body that is not JSON with a 400 in the error shape", async () => {
    const res = await call("public-catalogue", undefined, { raw: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});
