import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pageWindow } from "../../worker/src/db/counts";
import { userList, userListValues } from "../../worker/src/domain/users/list";
import { call, createAdmin, createItem, createUser, type TestUser } from "./helpers";
import { expectTemplateMatches } from "./template-support";

/**
 * searchuser's statement template (worker/src/domain/users/list.ts): built once per shape and bound per
 * request. The template is compared with a direct build over every branch its builder takes (the user
 * view, a plan alone, plain filters, a text search alone and its memory, the candidates checked one by
 * one), with the values made by the function the route uses; then requests of one shape go through the
 * route, each answering its own users.
 */

/** Empty, blank, LIKE (1–2 characters), FTS, FTS with quotes and LIKE's wildcards, long, padded. */
const SEARCHES = ["", " ", "a", "ab", "smith", "Smith Jones", 'x"y%_', 'x"y%_ z', "  padded  ", "long ".repeat(40)];
/** No plan, an item id that is falsy (passed as itself), an item id, an item name. */
const PLANS = ["", "0", "12", "Gold plan"];
/** The first page (offset 0, passed as itself) and a later one (a bound offset). */
const PAGES = [
  { page: 1, limit: 10 },
  { page: 3, limit: 15 },
];
/**
 * What the isolate may remember of a search: its total and page, a total of none (packed 0, passed as
 * itself) and its empty page, its total alone, its page alone.
 */
const MEMORIES = [
  { knownVersion: 123456, knownPacked: 41, pageVersion: 123456, pageIds: "[9,8,7]" },
  { knownVersion: 123456, knownPacked: 0, pageVersion: 123456, pageIds: "[]" },
  { knownVersion: 123456, knownPacked: 41, pageVersion: null, pageIds: null },
  { knownVersion: null, knownPacked: null, pageVersion: 123456, pageIds: "[9,8,7]" },
];

describe("searchuser's template", () => {
  it("equals a direct build for every search, filter, plan, page and memory", () => {
    const requests = [];
    let remembered = 0;
    for (const search of SEARCHES)
      for (const userId of [undefined, 5])
        for (const role of ["", "admin"])
          for (const status of [undefined, 0, 1] as const)
            for (const plan of PLANS)
              for (const { page, limit } of PAGES) {
                const { values, memory } = userListValues({ search, userId, role, status, plan }, pageWindow(page, limit));
                requests.push({ values });
                if (memory) {
                  remembered++;
                  for (const known of MEMORIES) requests.push({ values: { ...values, ...known } });
                }
              }
    // The text searches alone (no filter, no plan) are remembered: 6 of the searches above, 2 pages each.
    expect(remembered).toBe(12);
    expectTemplateMatches(userList, requests);
  });
});

describe("searchuser through the route: requests of one shape", () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin();
  });

  async function listed(body: object) {
    const answer = await call("searchuser", { limit: 2, ...body }, { cookie: admin.cookie });
    expect(answer.status).toBe(200);
    return { total: answer.body.total as number, ids: answer.body.data.map((u: { userId: number }) => u.userId) };
  }

  async function subscribe(userId: number, itemId: number, grantRef: string) {
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', ?3)",
    )
      .bind(userId, itemId, grantRef)
      .run();
  }

  it("answers each plan (an item id alone) its own holders and total, page after page", async () => {
    const tag = `TPP${Math.random().toString(36).slice(2, 8)}`;
    const items = { first: await createItem({ name: `${tag} first` }), second: await createItem({ name: `${tag} second` }) };
    const holders: Record<keyof typeof items, number[]> = { first: [], second: [] };
    for (const [plan, count] of [
      ["first", 3],
      ["second", 2],
    ] as const)
      for (let i = 0; i < count; i++) {
        const { userId } = await createUser({ name: `${tag} ${plan} ${i}` });
        await subscribe(userId, items[plan], `${tag}:${plan}:${i}`);
        holders[plan].unshift(userId);
      }
    for (let round = 0; round < 2; round++) {
      expect(await listed({ selectedPlan: String(items.first), page: 1 })).toEqual({ total: 3, ids: holders.first.slice(0, 2) });
      expect(await listed({ selectedPlan: String(items.second), page: 1 })).toEqual({ total: 2, ids: holders.second });
      expect(await listed({ selectedPlan: String(items.first), page: 2 })).toEqual({ total: 3, ids: holders.first.slice(2) });
      expect(await listed({ selectedPlan: String(items.second), page: 2 })).toEqual({ total: 2, ids: [] });
    }
  });

  it("answers one text search under each role its own users and total, page after page", async () => {
    const tag = `TPR${Math.random().toString(36).slice(2, 8)}`;
    const byRole: Record<"client" | "admin", number[]> = { client: [], admin: [] };
    for (const [role, count] of [
      ["client", 3],
      ["admin", 2],
    ] as const)
      for (let i = 0; i < count; i++) byRole[role].unshift((await createUser({ role, name: `${tag} member ${i}` })).userId);
    // A search with a role filter checks the newest text matches one by one; the total is what they hold.
    for (let round = 0; round < 2; round++) {
      expect(await listed({ search: tag, selectedRole: "client", page: 1 })).toEqual({
        total: 3,
        ids: byRole.client.slice(0, 2),
      });
      expect(await listed({ search: tag, selectedRole: "admin", page: 1 })).toEqual({ total: 2, ids: byRole.admin });
      expect(await listed({ search: tag, selectedRole: "client", page: 2 })).toEqual({ total: 3, ids: byRole.client.slice(2) });
    }
  });
});
