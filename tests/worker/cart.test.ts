import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createBundle, createItem, createUser } from "./helpers";

describe("cart", () => {
  it("needs a signed-in caller", async () => {
    expect((await call("searchcart", {})).status).toBe(401);
    expect((await call("updatecart", { kind: "item", refId: 1, qty: 1 })).status).toBe(401);
  });

  it("adds, changes and removes lines with totals from the server", async () => {
    const user = await createUser();
    const itemId = await createItem({ price: 1500 });
    const bundle = await createBundle({ points: 200, ppp: 10, disc: 25 });
    expect(bundle.bundlePrice).toBe(1500);

    let res = await call("updatecart", { kind: "item", refId: itemId, qty: 2 }, { cookie: user.cookie });
    expect(res.status).toBe(200);
    res = await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 1 }, { cookie: user.cookie });
    expect(res.body.amounts).toMatchObject({ total: 4500, count: 3, currency: "USD" });
    expect(res.body.carts).toContainEqual(
      expect.objectContaining({
        kind: "bundle",
        refId: bundle.bundleId,
        name: "200 points",
        unitPrice: 1500,
        qty: 1,
        lineTotal: 1500,
      }),
    );

    // Setting a quantity replaces it (no duplicate line); 0 removes.
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: user.cookie });
    res = await call("searchcart", {}, { cookie: user.cookie });
    expect(res.body.carts).toHaveLength(2);
    expect(res.body.amounts.total).toBe(3000);
    res = await call("updatecart", { kind: "item", refId: itemId, qty: 0 }, { cookie: user.cookie });
    expect(res.body.carts).toHaveLength(1);
    expect(res.body.amounts.total).toBe(1500);
  });

  it("reads a cart of items and bundles, a product gone among them, in one round trip", async () => {
    const user = await createUser();
    const itemId = await createItem({ price: 700, name: "Cart plan" });
    const gone = await createItem({ price: 300 });
    const bundle = await createBundle({ points: 50, ppp: 10 });
    for (const line of [
      { kind: "item", refId: itemId, qty: 2 },
      { kind: "bundle", refId: bundle.bundleId, qty: 1 },
      { kind: "item", refId: gone, qty: 1 },
    ]) {
      expect((await call("updatecart", line, { cookie: user.cookie })).status).toBe(200);
    }
    await env.DB.prepare("DELETE FROM items WHERE itemId = ?1").bind(gone).run();
    await call("searchcart", {}, { cookie: user.cookie });
    const res = await call("searchcart", {}, { cookie: user.cookie });
    // The session check, the cart's lines and the store settings (the bank it shows): one round trip.
    expect(res.usage).toMatchObject({ roundTrips: 1, statements: 3 });
    expect(res.body.carts).toEqual([
      expect.objectContaining({
        kind: "item",
        refId: itemId,
        name: "Cart plan",
        unitPrice: 700,
        lineTotal: 1400,
        available: true,
      }),
      expect.objectContaining({ kind: "bundle", refId: bundle.bundleId, name: "50 points", points: 50, available: true }),
      expect.objectContaining({ kind: "item", refId: gone, name: "", unitPrice: 0, lineTotal: 0, available: false }),
    ]);
    expect(res.body.amounts).toMatchObject({ total: 1400 + bundle.bundlePrice, count: 4 });
  });

  it("refuses bad input and products not on sale, changing nothing", async () => {
    const user = await createUser();
    const inactive = await createItem({ active: false });
    const before = await countRows("carts");
    for (const body of [
      { kind: "item", refId: inactive, qty: 1 },
      { kind: "item", refId: 999999, qty: 1 },
    ]) {
      expect((await call("updatecart", body, { cookie: user.cookie })).status).toBe(404);
    }
    const itemId = await createItem();
    for (const body of [
      { kind: "coupon", refId: itemId, qty: 1 },
      { kind: "item", refId: itemId, qty: 101 },
      { kind: "item", refId: itemId, qty: -1 },
      { kind: "item", qty: 1 },
    ]) {
      const res = await call("updatecart", body, { cookie: user.cookie });
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty("error");
    }
    expect(await countRows("carts")).toBe(before);
  });

  it("shows another user's cart to an admin but not to a client", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createAdmin();
    const itemId = await createItem();
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: owner.cookie });
    expect((await call("searchcart", { userId: owner.userId }, { cookie: other.cookie })).status).toBe(403);
    const seen = await call("searchcart", { userId: owner.userId }, { cookie: admin.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body.carts).toHaveLength(1);
  });
});

describe("checkout", () => {
  it("freezes prices into a payment with an unguessable reference and empties the cart", async () => {
    const user = await createUser();
    const itemId = await createItem({ price: 990, days: 30 });
    const bundle = await createBundle({ points: 50, ppp: 20 });
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: user.cookie });
    await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 2 }, { cookie: user.cookie });

    const res = await call("checkout", {}, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(990 + 2 * 1000);
    expect(res.body.referenceId).toMatch(/^[A-Za-z0-9_-]{24,}$/);

    // A later price change does not touch the payment.
    await env.DB.prepare("UPDATE items SET itemPrice = 5 WHERE itemId = ?1").bind(itemId).run();
    const stored = await env.DB.prepare("SELECT amount, status, lines, expiresAt, createdAt FROM payments WHERE referenceId = ?1")
      .bind(res.body.referenceId)
      .first<{ amount: number; status: string; lines: string; expiresAt: string; createdAt: string }>();
    expect(stored!.amount).toBe(2990);
    expect(stored!.status).toBe("pending");
    expect(JSON.parse(stored!.lines)[0]).toMatchObject({ kind: "item", unitPrice: 990, qty: 1, lineTotal: 990 });
    const hours = (Date.parse(stored!.expiresAt) - Date.parse(stored!.createdAt)) / 3600_000;
    expect(hours).toBeCloseTo(Number(env.PAYMENT_EXPIRY_HOURS), 3);
    expect((await call("searchcart", {}, { cookie: user.cookie })).body.carts).toEqual([]);
  });

  it("buys one product now without touching the cart", async () => {
    const user = await createUser();
    const itemId = await createItem({ price: 700 });
    const bundle = await createBundle({ points: 10, ppp: 10 });
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: user.cookie });
    const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(100);
    expect((await call("searchcart", {}, { cookie: user.cookie })).body.carts).toHaveLength(1);
  });

  it("carries a named bundle's names on its cart line and freezes them, and its English name, at checkout", async () => {
    const user = await createUser();
    const bundle = await createBundle({ points: 30, ppp: 10 });
    await env.DB.prepare("UPDATE bundles SET bundleName = 'Starter', bundleNameAr = 'البداية' WHERE bundleId = ?1")
      .bind(bundle.bundleId)
      .run();
    await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 1 }, { cookie: user.cookie });
    const names = { en: "Starter", fr: "", ar: "البداية" };
    const cart = await call("searchcart", {}, { cookie: user.cookie });
    expect(cart.body.carts[0]).toMatchObject({ name: "Starter", points: 30, names });
    const placed = await call("checkout", {}, { cookie: user.cookie });
    expect(placed.body.lines[0]).toMatchObject({ name: "Starter", points: 30, names });
    // Renamed later: the payment keeps what was bought.
    await env.DB.prepare("UPDATE bundles SET bundleName = 'Other' WHERE bundleId = ?1").bind(bundle.bundleId).run();
    const detail = await call("payment-detail", { referenceId: placed.body.referenceId });
    expect(detail.body.lines[0]).toMatchObject({ name: "Starter", names });
    // A bundle without a name keeps its points as its name, and no names.
    const plain = await createBundle({ points: 40, ppp: 10 });
    const bought = await call("checkout", { kind: "bundle", refId: plain.bundleId }, { cookie: user.cookie });
    expect(bought.body.lines[0].name).toBe("40 points");
    expect(bought.body.lines[0]).not.toHaveProperty("names");
  });

  it("refuses an empty cart and a line no longer on sale, creating no payment", async () => {
    const user = await createUser();
    const before = await countRows("payments");
    expect((await call("checkout", {}, { cookie: user.cookie })).status).toBe(400);
    const itemId = await createItem();
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: user.cookie });
    await env.DB.prepare("UPDATE items SET itemIsActive = 0 WHERE itemId = ?1").bind(itemId).run();
    const res = await call("checkout", {}, { cookie: user.cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_on_sale");
    expect((await call("checkout", { kind: "item" }, { cookie: user.cookie })).status).toBe(400);
    expect(await countRows("payments")).toBe(before);
    expect((await call("searchcart", {}, { cookie: user.cookie })).body.carts).toHaveLength(1);
  });
});
