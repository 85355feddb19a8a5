import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/src/cron";
import { call, createAdmin, createItem, createUser, type TestUser } from "./helpers";

/**
 * searchuser's plan filter reads plan_holders (migration 0120) and its counter instead of scanning
 * subscriptions. What it answers must equal a full count of live users whose subscriptions to the item
 * end after now, whatever happened: grants, renewals, ended subscriptions before and after the sweep,
 * subscriptions moved or removed, users deleted and restored.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
let grants = 0;

async function subscribe(user: TestUser, itemId: number, endsInDays: number): Promise<number> {
  const { meta } = await env.DB.prepare(
    "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', ?3, ?4)",
  )
    .bind(user.userId, itemId, at(endsInDays), `plan-holders:${++grants}`)
    .run();
  return meta.last_row_id;
}

/** The holders a full scan of subscriptions finds, newest user first. */
async function fullCount(itemId: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT s.userId FROM subscriptions s JOIN users u ON u.userId = s.userId
      WHERE s.itemId = ?1 AND u.deletedAt IS NULL GROUP BY s.userId
     HAVING max(s.endsAt) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ORDER BY s.userId DESC`,
  )
    .bind(itemId)
    .all<{ userId: number }>();
  return results.map((r) => r.userId);
}

async function expectFullCount(admin: TestUser, itemId: number) {
  const expected = await fullCount(itemId);
  const res = await call("searchuser", { selectedPlan: String(itemId), limit: 100 }, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  expect(res.body.data.map((u: { userId: number }) => u.userId)).toEqual(expected);
  expect(res.body.total).toBe(expected.length);
  expect(res.body).not.toHaveProperty("totalCapped");
  return expected;
}

describe("searchuser's plan filter (plan_holders)", () => {
  it("equals a full count through grants, renewals, endings, sweeps, moves, removals, deletions and restores", async () => {
    const admin = await createAdmin();
    const item = await createItem({ name: "Holders plan" });
    const other = await createItem({ name: "Other plan" });
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const [a, b, c, d, e, f] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];

    await subscribe(a, item, 30);
    await subscribe(a, item, 60); // a renewal: still one holder
    await subscribe(b, item, -1); // ended yesterday
    const endingSoon = await subscribe(c, item, 5);
    await subscribe(d, other, 30);
    await subscribe(e, item, 10);
    expect(await expectFullCount(admin, item)).toEqual([e.userId, c.userId, a.userId]);
    expect(await expectFullCount(admin, other)).toEqual([d.userId]);

    // c's subscription cut short (its row goes at once); e's runs out while we wait: its row stays until the
    // sweep, and the answer leaves it out all the same.
    await env.DB.prepare("UPDATE subscriptions SET endsAt = ?1 WHERE subscriptionId = ?2").bind(at(-0.001), endingSoon).run();
    expect(await expectFullCount(admin, item)).toEqual([e.userId, a.userId]);
    const runsOut = await createUser();
    await subscribe(runsOut, item, 1 / 86_400);
    expect(await expectFullCount(admin, item)).toEqual([runsOut.userId, e.userId, a.userId]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const ended = () => env.DB.prepare("SELECT count(*) AS n FROM plan_holders WHERE endsAt <= ?1").bind(at(0)).first("n");
    expect(await ended()).toBe(1);
    expect(await expectFullCount(admin, item)).toEqual([e.userId, a.userId]);
    await runCron(env);
    expect(await ended()).toBe(0);
    expect(await expectFullCount(admin, item)).toEqual([e.userId, a.userId]);

    // A subscription moved to another item and user, one removed; a deleted user holds nothing, a restored one again.
    await env.DB.prepare("UPDATE subscriptions SET itemId = ?1, userId = ?2 WHERE userId = ?3")
      .bind(other, f.userId, e.userId)
      .run();
    await env.DB.prepare("DELETE FROM subscriptions WHERE userId = ?1 AND endsAt < ?2").bind(a.userId, at(45)).run();
    expect(await expectFullCount(admin, item)).toEqual([a.userId]);
    expect(await expectFullCount(admin, other)).toEqual([f.userId, d.userId]);
    expect((await call("deleteuser", { userId: d.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await expectFullCount(admin, other)).toEqual([f.userId]);
    await env.DB.prepare("UPDATE users SET deletedAt = NULL WHERE userId = ?1").bind(d.userId).run();
    expect(await expectFullCount(admin, other)).toEqual([f.userId, d.userId]);
  });

  it("pages newest user first and keeps the total on every page, by item id; by name and with other filters too", async () => {
    const admin = await createAdmin();
    const item = await createItem({ name: "Paged plan" });
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await createUser({ role: "client" }));
    for (const user of users) await subscribe(user, item, 20);
    const newestFirst = users.map((u) => u.userId).reverse();
    const page = async (body: object) => (await call("searchuser", body, { cookie: admin.cookie })).body;
    const second = await page({ selectedPlan: String(item), limit: 2, page: 2 });
    expect(second.data.map((u: { userId: number }) => u.userId)).toEqual(newestFirst.slice(2, 4));
    expect(second.total).toBe(5);
    expect(second).not.toHaveProperty("totalCapped");
    expect(second.data[0]).toMatchObject({ userPlan: "Paged plan" });
    const byName = await page({ selectedPlan: "Paged plan", limit: 10 });
    expect(byName.data.map((u: { userId: number }) => u.userId)).toEqual(newestFirst);
    const withRole = await page({ selectedPlan: String(item), selectedRole: "client", selectedStatus: "active" });
    expect(withRole.data.map((u: { userId: number }) => u.userId)).toEqual(newestFirst);
    expect(withRole.total).toBe(5);
  });

  it("is filled from the subscriptions already there by the migration", async () => {
    const admin = await createAdmin();
    const item = await createItem({ name: "Migrated plan" });
    const user = await createUser();
    await subscribe(user, item, 3);
    await subscribe(await createUser(), item, -2);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0120"))!;
    const backfill = migration.queries.filter((q) => q.startsWith("INSERT INTO plan_holders ")).map((q) => env.DB.prepare(q));
    expect(backfill).toHaveLength(1);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM plan_holders"),
      env.DB.prepare("DELETE FROM counters WHERE counterName LIKE 'users:plan=%'"),
      ...backfill,
    ]);
    expect(await expectFullCount(admin, item)).toEqual([user.userId]);
  });
});
