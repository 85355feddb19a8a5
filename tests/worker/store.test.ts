import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { customerStatements } from "../../worker/src/domain/store/customers";
import {
  badScans,
  call,
  createAdmin,
  createBundle,
  createItem,
  createUser,
  listPlans,
  uniqueEmail,
  type TestUser,
} from "./helpers";

/** The store's back office (issue 41): products, customers and the store's figures, for staff only. */

const rand = () => crypto.randomUUID().replaceAll("-", "");

interface Line {
  kind: "item" | "bundle";
  refId: number;
  qty: number;
  lineTotal: number;
}

async function insertPayment(opts: {
  userId: number;
  amount: number;
  status: string;
  createdAt: string;
  paidAt?: string | null;
  refunded?: number;
  lines?: Line[];
}) {
  const referenceId = rand();
  const lines = (opts.lines ?? []).map((l) => ({ ...l, name: "n", unitPrice: l.lineTotal / l.qty }));
  await env.DB.prepare(
    `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, createdAt, expiresAt, paidAt, refundedAmount)
     VALUES (?1, ?2, ?3, 'USD', ?4, ?5, ?6, ?6, ?7, ?8)`,
  )
    .bind(
      referenceId,
      opts.userId,
      opts.amount,
      opts.status,
      JSON.stringify(lines),
      opts.createdAt,
      opts.paidAt ?? null,
      opts.refunded ?? 0,
    )
    .run();
  return referenceId;
}

let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
  client = await createUser();
});

describe("search-product", () => {
  it("lists items and bundles together, by name, kind, status and price", async () => {
    const tag = rand().slice(0, 8);
    const cheap = await createItem({ name: `Store ${tag} basic`, price: 300 });
    const dear = await createItem({ name: `Store ${tag} pro`, price: 5000, active: false });
    const pack = await createBundle({ points: 10, ppp: 100 });
    await env.DB.prepare("UPDATE bundles SET bundleName = ?1 WHERE bundleId = ?2").bind(`Store ${tag} pack`, pack.bundleId).run();

    const all = await call("search-product", { search: tag, sort: "price_asc" }, { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((p: { kind: string; id: number }) => [p.kind, p.id])).toEqual([
      ["item", cheap],
      ["bundle", pack.bundleId],
      ["item", dear],
    ]);
    expect(all.body.data[1]).toMatchObject({
      name: `Store ${tag} pack`,
      price: 1000,
      points: 10,
      duration: null,
      isActive: true,
    });
    expect(all.body.data[0]).toMatchObject({ price: 300, duration: 30, points: null });

    const bundles = await call("search-product", { search: tag, kind: "bundle" }, { cookie: admin.cookie });
    expect(bundles.body.data.map((p: { id: number }) => p.id)).toEqual([pack.bundleId]);
    const inactive = await call("search-product", { search: tag, status: "inactive" }, { cookie: admin.cookie });
    expect(inactive.body.data.map((p: { id: number }) => p.id)).toEqual([dear]);
    const byPriceDown = await call(
      "search-product",
      { search: tag, sort: "price_desc", limit: 1, page: 2 },
      { cookie: admin.cookie },
    );
    expect(byPriceDown.body).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(byPriceDown.body.data[0]).toMatchObject({ kind: "bundle", id: pack.bundleId });
  });

  it("refuses a kind it does not know, and clients", async () => {
    const bad = await call("search-product", { kind: "coupon" }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("kind");
    expect((await call("search-product", {}, { cookie: client.cookie })).status).toBe(403);
  });
});

describe("search-customer", () => {
  it("answers lifetime value net of refunds, orders, balance, active subscriptions and last order", async () => {
    const name = `Buyer ${rand().slice(0, 10)}`;
    const buyer = await createUser({ name, quota: 42 });
    const itemId = await createItem();
    await insertPayment({
      userId: buyer.userId,
      amount: 1000,
      status: "partially_refunded",
      createdAt: "2026-01-02T10:00:00.000Z",
      paidAt: "2026-01-02T10:05:00.000Z",
      refunded: 300,
    });
    await insertPayment({
      userId: buyer.userId,
      amount: 500,
      status: "paid",
      createdAt: "2026-02-02T10:00:00.000Z",
      paidAt: "2026-02-02T10:00:00.000Z",
    });
    await insertPayment({
      userId: buyer.userId,
      amount: 800,
      status: "refunded",
      createdAt: "2026-02-03T10:00:00.000Z",
      paidAt: "2026-02-03T10:00:00.000Z",
      refunded: 800,
    });
    await insertPayment({ userId: buyer.userId, amount: 700, status: "pending", createdAt: "2026-03-01T09:00:00.000Z" });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2026-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', ?3)",
      ).bind(buyer.userId, itemId, rand()),
      env.DB.prepare(
        "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z', ?3)",
      ).bind(buyer.userId, itemId, rand()),
    ]);

    const found = await call("search-customer", { search: name }, { cookie: admin.cookie });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(1);
    expect(found.body.data[0]).toEqual({
      userId: buyer.userId,
      userName: name,
      userEmail: buyer.email,
      userImage: null,
      userIsActive: true,
      createdAt: expect.any(String),
      lifetimeValue: 1200,
      orders: 3,
      balance: 42,
      activeSubscriptions: 1,
      lastOrderAt: "2026-03-01T09:00:00.000Z",
    });
    const one = await call("search-customer", { userId: buyer.userId }, { cookie: admin.cookie });
    expect(one.body.data.map((c: { userId: number }) => c.userId)).toEqual([buyer.userId]);
  });

  it("lists clients only, newest first, and a new client without orders at zero", async () => {
    const fresh = await createUser({ name: "Fresh customer" });
    const newest = await call("search-customer", { limit: 5 }, { cookie: admin.cookie });
    expect(newest.body.data[0]).toMatchObject({ userId: fresh.userId, lifetimeValue: 0, orders: 0, lastOrderAt: null });
    const ids = newest.body.data.map((c: { userId: number }) => c.userId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const staff = await call("search-customer", { userId: admin.userId }, { cookie: admin.cookie });
    expect(staff.body).toMatchObject({ data: [], total: 0 });
    expect(newest.body.total).toBe(
      (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE userRole = 'client' AND deletedAt IS NULL").first<number>(
        "n",
      ))!,
    );
  });

  it("walks indexes, never a whole table", async () => {
    const db = getDb(env.DB);
    for (const filter of [{ search: "" }, { search: "", status: 1 as const }, { search: "buyer" }, { search: "bu" }]) {
      for (const { sql, plan } of await listPlans(customerStatements(db, filter, { page: 1, limit: 10 }))) {
        expect(badScans(plan), `${sql}\n${plan.join("\n")}`).toEqual([]);
      }
    }
  });

  it("is for staff only", async () => {
    expect((await call("search-customer", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("search-customer", {})).status).toBe(401);
  });
});

describe("store-stats", () => {
  it("answers revenue net of refunds, orders, average order value, new customers and top products of the period", async () => {
    // A period of its own, far in the past: rows other tests write now never mix in.
    const end = "2003-06-30";
    const buyer = await createUser();
    const item = await createItem({ name: `Stats plan ${rand().slice(0, 6)}` });
    const pack = await createBundle({ points: 50, ppp: 10 });
    await env.DB.prepare(
      `INSERT INTO users (userName, userEmail, userRole, passwordHash, passwordSalt, passwordIterations, createdAt)
       VALUES ('Old', ?1, 'client', 'x', 'x', 1, '2003-06-10T00:00:00.000Z'), ('Older', ?2, 'client', 'x', 'x', 1, '2003-05-10T00:00:00.000Z')`,
    )
      .bind(uniqueEmail("stats"), uniqueEmail("stats"))
      .run();
    const itemLine = (qty: number): Line => ({ kind: "item", refId: item, qty, lineTotal: qty * 1000 });
    const packLine = (qty: number): Line => ({ kind: "bundle", refId: pack.bundleId, qty, lineTotal: qty * 500 });
    // In the period: 2000 + 1500 (refunded 500) = 3000 net over 2 orders; one pending not counted.
    await insertPayment({
      userId: buyer.userId,
      amount: 2000,
      status: "paid",
      createdAt: "2003-06-05T00:00:00.000Z",
      paidAt: "2003-06-05T01:00:00.000Z",
      lines: [itemLine(2)],
    });
    const later = await insertPayment({
      userId: buyer.userId,
      amount: 1500,
      status: "pending",
      createdAt: "2003-06-20T00:00:00.000Z",
      lines: [itemLine(1), packLine(1)],
    });
    await insertPayment({
      userId: buyer.userId,
      amount: 9999,
      status: "pending",
      createdAt: "2003-06-21T00:00:00.000Z",
      lines: [packLine(20)],
    });
    // Paid later (the update trigger moves its lines in), then refunded in part (revenue only).
    await env.DB.prepare("UPDATE payments SET status = 'paid', paidAt = '2003-06-20T02:00:00.000Z' WHERE referenceId = ?1")
      .bind(later)
      .run();
    await env.DB.prepare("UPDATE payments SET status = 'partially_refunded', refundedAmount = 500 WHERE referenceId = ?1")
      .bind(later)
      .run();
    // The period before: one order of 1000, three bundles.
    await insertPayment({
      userId: buyer.userId,
      amount: 1000,
      status: "paid",
      createdAt: "2003-05-15T00:00:00.000Z",
      paidAt: "2003-05-15T00:00:00.000Z",
      lines: [packLine(2)],
    });

    const res = await call("store-stats", { range: 30, end }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ range: 30, from: "2003-06-01", to: "2003-06-30", currency: env.CURRENCY });
    expect(res.body.kpis).toEqual({
      revenue: { current: 3000, previous: 1000 },
      orders: { current: 2, previous: 1 },
      averageOrderValue: { current: 1500, previous: 1000 },
      newCustomers: { current: 1, previous: 1 },
    });
    expect(res.body.days).toHaveLength(30);
    expect(res.body.series.revenue[4]).toBe(2000);
    expect(res.body.series.revenue[19]).toBe(1000);
    expect(res.body.series.orders.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(res.body.topProducts).toEqual([
      { kind: "item", refId: item, name: expect.stringMatching(/^Stats plan/), points: null, qty: 3, amount: 3000 },
      { kind: "bundle", refId: pack.bundleId, name: "", points: 50, qty: 1, amount: 500 },
    ]);
  });

  it("takes a paid payment's lines back when it stops being paid", async () => {
    const buyer = await createUser();
    const item = await createItem();
    const ref = await insertPayment({
      userId: buyer.userId,
      amount: 1000,
      status: "paid",
      createdAt: "2002-03-03T00:00:00.000Z",
      paidAt: "2002-03-03T00:00:00.000Z",
      lines: [{ kind: "item", refId: item, qty: 1, lineTotal: 1000 }],
    });
    const top = async () =>
      (await call("store-stats", { range: 7, end: "2002-03-05" }, { cookie: admin.cookie })).body.topProducts;
    expect(await top()).toHaveLength(1);
    await env.DB.prepare("DELETE FROM payments WHERE referenceId = ?1").bind(ref).run();
    expect(await top()).toEqual([]);
  });

  it("refuses a range it does not offer, and clients", async () => {
    expect((await call("store-stats", { range: 12 }, { cookie: admin.cookie })).status).toBe(400);
    expect((await call("store-stats", {}, { cookie: client.cookie })).status).toBe(403);
  });
});

describe("search-order-event", () => {
  it("answers one order's audit rows, newest first, and none of another's", async () => {
    const buyer = await createUser();
    const ref = await insertPayment({
      userId: buyer.userId,
      amount: 1200,
      status: "pending",
      createdAt: "2026-04-01T00:00:00.000Z",
    });
    const other = await insertPayment({
      userId: buyer.userId,
      amount: 100,
      status: "pending",
      createdAt: "2026-04-01T00:00:00.000Z",
    });
    expect((await call("cancel-payment", { referenceId: other }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("update-payment", { referenceId: ref, note: "Thanks" }, { cookie: admin.cookie })).status).toBe(200);

    const events = await call("search-order-event", { referenceId: ref }, { cookie: admin.cookie });
    expect(events.status).toBe(200);
    const actions = events.body.data.map((e: { action: string }) => e.action);
    expect(actions.length).toBe(events.body.total);
    expect(actions[actions.length - 1]).toBe("confirm-payment");
    expect(actions).not.toContain("cancel-payment");
    expect(events.body.data[0]).toMatchObject({ referenceId: ref, actorEmail: admin.email, outcome: "ok" });
    const ids = events.body.data.map((e: { auditId: number }) => e.auditId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it("refuses a malformed reference, and clients", async () => {
    expect((await call("search-order-event", { referenceId: "short" }, { cookie: admin.cookie })).status).toBe(400);
    expect((await call("search-order-event", {}, { cookie: client.cookie })).status).toBe(403);
  });
});
