import { env } from "cloudflare:workers";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as f from "../../worker/src/contract/fields";
import { userCalls } from "../../worker/src/contract/users";
import { getDb } from "../../worker/src/db";
import { COUNT_CAP, listPage, SEARCH_SCAN, type ListPage } from "../../worker/src/db/list";
import { liveUsers, userList } from "../../worker/src/domain/users/list";
import { meterD1, newUsage } from "../../worker/src/db/meter";

/**
 * listPage (worker/src/db/list.ts) answers a page and its total from one query, in one round trip, so they
 * cannot disagree. These tests read every page of a list and compare the rows with the total, on the users
 * list of searchuser as it is and as a newcomer extends it.
 */

const USERS = 40;
let tag = "";

beforeAll(async () => {
  tag = `List${Math.random().toString(36).slice(2, 8)}`;
  // Every third verified, every fifth deactivated, every seventh deleted.
  const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS})`;
  await env.DB.prepare(
    `${series} INSERT INTO users (userName, userEmail, userRole, userIsActive, emailVerified, passwordHash, passwordSalt,
       passwordIterations, deletedAt)
     SELECT ?1 || ' ' || i, lower(?1) || i || '@example.test', 'client', i % 5 <> 0, i % 3 = 0, 'x', 'x', 1,
       CASE WHEN i % 7 = 0 THEN '2024-01-01T00:00:00.000Z' END FROM n`,
  )
    .bind(tag)
    .run();
});

/** Every page of a list, 7 rows each, until one comes back short: the rows and each page's total. */
async function everyPage<R>(read: (page: number) => Promise<ListPage<R>>) {
  const rows: R[] = [];
  const totals = new Set<string>();
  for (let page = 1; page < 50; page++) {
    const found = await read(page);
    rows.push(...found.rows);
    totals.add(`${found.total}${found.totalCapped ? "+" : ""}`);
    if (found.rows.length < 7) break;
  }
  return { rows, totals: [...totals] };
}

describe("listPage", () => {
  it("answers a page and its total in one round trip", async () => {
    const usage = newUsage();
    const db = getDb(meterD1(env.DB, usage));
    const { query, ...options } = userList(db, { search: tag, role: "", plan: "" });
    const page = await listPage(db, query, { ...options, window: { page: 1, limit: 7 } });
    expect(page.rows).toHaveLength(7);
    expect(usage.roundTrips).toBe(1);
  });

  it("counts the rows the page walks: the totals of a searched and a filtered list are their rows", async () => {
    const db = getDb(env.DB);
    for (const filter of [
      { search: tag, role: "", plan: "" },
      { search: tag, role: "client", status: 0 as const, plan: "" },
    ]) {
      const { query, ...options } = userList(db, filter);
      const { rows, totals } = await everyPage((page) => listPage(db, query, { ...options, window: { page, limit: 7 } }));
      expect(totals, JSON.stringify(filter)).toEqual([String(rows.length)]);
      expect(new Set(rows.map((r) => (r as { userId: number }).userId)).size).toBe(rows.length);
    }
  });

  it("takes a counter only for the rows it counts: a condition added to the query is counted instead", async () => {
    const db = getDb(env.DB);
    const counter = await env.DB.prepare("SELECT counterValue FROM counters WHERE counterName = 'users'").first<number>(
      "counterValue",
    );
    const { query, ...options } = userList(db, { search: "", role: "", plan: "" });
    const all = await listPage(db, query, { ...options, window: { page: 1, limit: 7 } });
    expect(all.total).toBe(counter);
    const ours = await listPage(db, query.where(sql<boolean>`u.userName LIKE ${`${tag} %`}`), {
      ...options,
      window: { page: 1, limit: 7 },
    });
    expect(ours.total).toBe(USERS - Math.floor(USERS / 7));
  });

  it("caps a total at COUNT_CAP, and a scanned one when its candidates were all read", async () => {
    const db = getDb(env.DB);
    const many = db
      .selectFrom(
        sql<{ i: number }>`(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n)`.as(
          "n",
        ),
      )
      .select("n.i");
    const capped = await listPage(db, many, { order: [["n.i", "asc"]], window: { page: 1, limit: 5 } });
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    const candidates = db.selectFrom("users").select("userId as id").orderBy("userId", "desc").limit(SEARCH_SCAN);
    const scanned = await listPage(db, db.selectFrom(candidates.as("c")).select("c.id"), {
      order: [["c.id", "desc"]],
      window: { page: 1, limit: 5 },
      count: { scanned: candidates, scan: SEARCH_SCAN },
    });
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<number>("n");
    expect(scanned).toMatchObject({ total: Math.min(users!, SEARCH_SCAN), totalCapped: users! >= SEARCH_SCAN });
  });
});

describe("listPage's rows(ids)", () => {
  it("looks the page's ids up and nothing else: a condition there, which the total would not count, is refused", async () => {
    const db = getDb(env.DB);
    const ids = db.selectFrom("users").select("userId as id").where("deletedAt", "is", null);
    const options = { order: [[sql`u.userId`, "desc"]] as const, window: { page: 1, limit: 7 } };
    const looked = await listPage(db, ids, {
      ...options,
      rows: (found) => db.selectFrom("users as u").selectAll().where("u.userId", "in", found),
    });
    expect(looked.rows).toHaveLength(7);
    await expect(
      listPage(db, ids, {
        ...options,
        rows: (found) => db.selectFrom("users as u").selectAll().where("u.userId", "in", found).where("u.emailVerified", "=", 1),
      }),
    ).rejects.toThrow("rows(ids) must look the ids up and nothing else");
  });
});

describe("a filter added the way a newcomer would", () => {
  // One field in the call's input (the contract), one condition on the list's query: nothing else.
  const input = userCalls.searchuser.input.extend({ verified: f.bool().optional() });

  async function searchVerified(body: Record<string, unknown>, page: number) {
    const db = getDb(env.DB);
    const parsed = input.parse({ ...body, page, limit: 7 });
    const { query, ...options } = userList(db, {
      search: parsed.search,
      role: parsed.selectedRole,
      status: parsed.selectedStatus,
      plan: parsed.selectedPlan,
    });
    const filtered =
      parsed.verified === undefined ? query : query.where(sql<boolean>`u.emailVerified = ${parsed.verified ? 1 : 0}`);
    return listPage<{ userId: number; userName: string }>(db, filtered, { ...options, window: parsed });
  }

  it("answers a total that agrees with its pages, with or without a search or another filter", async () => {
    const live = (i: number) => i % 7 !== 0;
    const expected = (keep: (i: number) => boolean) =>
      Array.from({ length: USERS }, (_, k) => k + 1).filter((i) => live(i) && keep(i)).length;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ search: tag, verified: true }, expected((i) => i % 3 === 0)],
      [{ search: tag, verified: false }, expected((i) => i % 3 !== 0)],
      [{ search: tag, verified: true, selectedStatus: "inactive" }, expected((i) => i % 3 === 0 && i % 5 === 0)],
    ];
    for (const [body, count] of cases) {
      const { rows, totals } = await everyPage((page) => searchVerified(body, page));
      expect(
        rows.every((row) => row.userName.startsWith(tag)),
        JSON.stringify(body),
      ).toBe(true);
      expect(rows, JSON.stringify(body)).toHaveLength(count);
      expect(totals, JSON.stringify(body)).toEqual([String(count)]);
    }
    // Without a search, the list's counter counts every live user: the new condition is counted instead.
    const verified = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE emailVerified = 1 AND deletedAt IS NULL",
    ).first<number>("n");
    const everyone = await searchVerified({ verified: true }, 1);
    expect(everyone.total).toBe(Math.min(verified!, COUNT_CAP));
    expect(everyone.total).not.toBe(
      await liveUsers(getDb(env.DB))
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirst()
        .then((r) => r!.n),
    );
  });
});
