import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { couponListQueries, todayUtc } from "../../worker/src/routes/coupons";
import { call, callForm, createAdmin, createUser } from "./helpers";

/**
 * Text-search totals are remembered per version of their index (migration 0110,
 * worker/src/db/search-totals.ts): the same search again skips the count, and any write that can
 * change what it matches makes the next call count again, so a caller always sees their own writes.
 */

const tag = () => `ST${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function addCoupons(prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    env.DB.prepare("INSERT INTO coupons (couponCode, couponQuota, couponExpired) VALUES (?1, 1, '2999-12-31')").bind(
      `${prefix}-${String(i).padStart(3, "0")}`,
    ),
  );
  await env.DB.batch(rows);
}

const versionOf = async (index: string) =>
  (await env.DB.prepare("SELECT version FROM search_versions WHERE indexName = ?1").bind(index).first<{ version: number }>())!
    .version;

describe("remembered search totals", () => {
  it("answer the same total again without counting, and count again after a write", async () => {
    const admin = await createAdmin();
    const prefix = tag();
    await addCoupons(prefix, 25);
    const search = async () => call("search-coupon", { search: prefix }, { cookie: admin.cookie });

    const first = await search();
    expect(first.body.total).toBe(25);
    expect(first.body.totalCapped).toBeUndefined();
    const again = await search();
    expect(again.body.total).toBe(25);
    expect(again.body.data).toEqual(first.body.data);
    // The count walked 25 matches the first time; remembered, it reads the version row alone.
    expect(again.usage!.rowsRead).toBeLessThan(first.usage!.rowsRead);
    expect(again.usage!.roundTrips).toBe(1);

    await addCoupons(`${prefix}X`, 2);
    const after = await search();
    expect(after.body.total).toBe(27);
    expect(after.body.data[0].couponCode).toBe(`${prefix}X-001`);

    await env.DB.prepare("DELETE FROM coupons WHERE couponCode LIKE ?1").bind(`${prefix}X-%`).run();
    expect((await search()).body.total).toBe(25);
  });

  it("show a row added to a search remembered as matching nothing", async () => {
    const admin = await createAdmin();
    const prefix = tag();
    const search = async () => call("search-coupon", { search: prefix }, { cookie: admin.cookie });
    expect((await search()).body).toMatchObject({ total: 0, data: [] });
    expect((await search()).body).toMatchObject({ total: 0, data: [] });
    // Known to match nothing at this version, the page asks the index for the empty phrase (no walk).
    const [page] = couponListQueries(getDb(env.DB), { search: prefix, today: todayUtc(), page: 1, limit: 10 });
    expect(page!.sql).toContain(`THEN '""' ELSE`);
    await addCoupons(prefix, 1);
    const found = await search();
    expect(found.body.total).toBe(1);
    expect(found.body.data.map((c: { couponCode: string }) => c.couponCode)).toEqual([`${prefix}-000`]);
  });

  it("follow a user renamed into or out of a search, and a user deleted", async () => {
    const admin = await createAdmin();
    const name = tag();
    const users = await Promise.all([createUser({ name: `${name} One` }), createUser({ name: `${name} Two` })]);
    const search = async () => (await call("searchuser", { search: name }, { cookie: admin.cookie })).body.total;
    expect(await search()).toBe(2);
    expect(await search()).toBe(2);

    const renamed = await callForm(
      "updateuser",
      { userId: String(users[1]!.userId), userName: "Someone Else", userEmail: users[1]!.email },
      { cookie: admin.cookie },
    );
    expect(renamed.status).toBe(200);
    expect(await search()).toBe(1);

    expect((await call("deleteuser", { userId: users[0]!.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await search()).toBe(0);
  });

  it("follow a new job and a new audit row", async () => {
    const admin = await createAdmin();
    const name = tag();
    const jobs = async () => (await call("search-history", { search: name }, { cookie: admin.cookie })).body.total;
    const audits = async () => (await call("search-audit", { search: name }, { cookie: admin.cookie })).body.total;
    expect(await jobs()).toBe(0);
    expect(await audits()).toBe(0);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO history (uniqueId, userId, siteName, vendorName, fileName, fileKey, pointsSpent)
         VALUES (?1, ?2, 'Site', 'Vendor', ?3, ?4, 1)`,
      ).bind(`job-${name}-000000000000000`, admin.userId, `${name}.pdf`, `files/${name}`),
      env.DB.prepare(
        "INSERT INTO audit_log (action, actorEmail, subject, outcome, createdAt) VALUES ('check', 'a@test.example', ?1, 'ok', ?2)",
      ).bind(`subject ${name}`, new Date().toISOString()),
    ]);
    expect(await jobs()).toBe(1);
    expect(await audits()).toBe(1);
  });
});

describe("remembered search pages", () => {
  it("read a remembered page's rows afresh by id, per page, and walk the index again after a write", async () => {
    const admin = await createAdmin();
    const prefix = tag();
    await addCoupons(prefix, 15);
    const search = async (page: number) => call("search-coupon", { search: prefix, page }, { cookie: admin.cookie });
    const codes = (res: { body: { data: Array<{ couponCode: string }> } }) => res.body.data.map((c) => c.couponCode);

    const first = await search(1);
    const second = await search(2);
    expect(codes(first)).toHaveLength(10);
    expect(codes(second)).toHaveLength(5);
    const again = await search(1);
    expect(codes(again)).toEqual(codes(first));
    expect(codes(await search(2))).toEqual(codes(second));
    // By id: ten primary-key reads instead of the index walk and its matches.
    expect(again.usage!.rowsRead).toBeLessThan(first.usage!.rowsRead);
    const [page] = couponListQueries(getDb(env.DB), { search: prefix, today: todayUtc(), page: 1, limit: 10 });
    expect(page!.sql).toContain("json_each");

    // A change the versions do not follow (a coupon redeemed) shows at once: the rows are read, not kept.
    const newest = codes(first)[0]!;
    await env.DB.prepare("UPDATE coupons SET couponUsed = 'Y', couponUsedDate = ?1 WHERE couponCode = ?2")
      .bind(new Date().toISOString(), newest)
      .run();
    const redeemed = await search(1);
    expect(codes(redeemed)).toEqual(codes(first));
    expect(redeemed.body.data[0]).toMatchObject({ couponCode: newest, couponUsed: "Y", couponStatus: "used" });

    await addCoupons(`${prefix}Z`, 1);
    const grown = await search(1);
    expect(codes(grown)[0]).toBe(`${prefix}Z-000`);
    expect(codes(grown).slice(1)).toEqual(codes(first).slice(0, 9));
  });
});

describe("remembered payment search totals", () => {
  const addPayment = (userId: number) =>
    env.DB.prepare(
      `INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt)
       VALUES (?1, ?2, 900, 'USD', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))`,
    )
      .bind(`st${crypto.randomUUID().replaceAll("-", "")}`, userId)
      .run();

  it("follow a buyer's new payment, a buyer renamed and a payment removed", async () => {
    const admin = await createAdmin();
    const name = tag();
    const [buyer, other] = await Promise.all([createUser({ name: `${name} Buyer` }), createUser({ name: "Other Buyer" })]);
    // Thirty more buyers of that name with two payments each: a page walks sixty-odd candidates.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
       INSERT INTO users (userName, userEmail, userRole, passwordHash, passwordSalt, passwordIterations)
       SELECT ?1 || ' Many ' || i, lower(?1) || '-many-' || i || '@example.test', 'client', 'x', 'x', 1 FROM n`,
    )
      .bind(name)
      .run();
    const many = await env.DB.prepare("SELECT userId FROM users WHERE userEmail LIKE ?1")
      .bind(`${name.toLowerCase()}-many-%`)
      .all<{ userId: number }>();
    for (const { userId } of many.results) for (let i = 0; i < 2; i++) await addPayment(userId);
    await addPayment(buyer.userId);
    await addPayment(other.userId);
    const search = async () => call("search-payment", { search: name }, { cookie: admin.cookie });
    await call("me", {}, { cookie: admin.cookie });
    const first = await search();
    expect(first.body.total).toBe(61);
    const again = await search();
    expect(again.body.total).toBe(61);
    // The page too: its ids are read back by key instead of walking the buyers' payments again.
    expect(again.body.data).toEqual(first.body.data);
    expect(again.usage!.rowsRead).toBeLessThan(first.usage!.rowsRead / 2);

    await addPayment(buyer.userId);
    const added = await search();
    expect(added.body.total).toBe(62);
    expect(added.body.data[0].userId).toBe(buyer.userId);
    await env.DB.prepare("UPDATE users SET userName = ?1 WHERE userId = ?2").bind(`${name} Two`, other.userId).run();
    expect((await search()).body.total).toBe(63);
    await env.DB.prepare("DELETE FROM payments WHERE userId = ?1").bind(other.userId).run();
    expect((await search()).body.total).toBe(62);

    // The search (8 characters) also names payments by their reference's start: one of another buyer's
    // shows up at once, on a remembered page as on a walked one.
    await env.DB.prepare(
      `INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt)
       VALUES (?1, ?2, 900, 'USD', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))`,
    )
      .bind(`${name}${"x".repeat(20)}`, other.userId)
      .run();
    const named = await search();
    expect(named.body.total).toBe(63);
    expect(named.body.data[0]).toMatchObject({ referenceId: `${name}${"x".repeat(20)}`, userId: other.userId });
    const namedAgain = await search();
    expect(namedAgain.body.data).toEqual(named.body.data);
    expect(namedAgain.usage!.rowsRead).toBeLessThan(named.usage!.rowsRead / 2);
  });
});

describe("search versions (migrations 0110, 0111)", () => {
  it("change with every write that can change a match, and only then", async () => {
    const user = await createUser({ name: "Version Check" });
    const before = await versionOf("users");
    await env.DB.prepare("UPDATE users SET userQuota = userQuota + 5 WHERE userId = ?1").bind(user.userId).run();
    expect(await versionOf("users")).toBe(before);
    await env.DB.prepare("UPDATE users SET userEmail = ?1 WHERE userId = ?2").bind(`v-${user.email}`, user.userId).run();
    const renamed = await versionOf("users");
    expect(renamed).not.toBe(before);
    await env.DB.prepare("UPDATE users SET deletedAt = ?1 WHERE userId = ?2").bind(new Date().toISOString(), user.userId).run();
    expect(await versionOf("users")).not.toBe(renamed);

    const coupons = await versionOf("coupons");
    await addCoupons(tag(), 1);
    const added = await versionOf("coupons");
    expect(added).not.toBe(coupons);
    await env.DB.prepare("UPDATE coupons SET couponQuota = 2 WHERE couponQuota = 1").run();
    expect(await versionOf("coupons")).toBe(added);
    expect(Number.isSafeInteger(added)).toBe(true);

    const payments = await versionOf("payments");
    await env.DB.prepare("UPDATE payments SET note = 'checked' WHERE rowid IN (SELECT rowid FROM payments LIMIT 1)").run();
    expect(await versionOf("payments")).toBe(payments);
  });
});
