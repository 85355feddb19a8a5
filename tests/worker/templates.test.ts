import { env } from "cloudflare:workers";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { statementTemplate } from "../../worker/src/db/templates";
import { paymentList, paymentListValues, type PaymentReader } from "../../worker/src/domain/commerce/queries";
import { roleList, roleListValues } from "../../worker/src/routes/roles";
import { call, createAdmin, createUser } from "./helpers";
import { expectTemplateMatches } from "./template-support";

/**
 * Statement templates (worker/src/db/templates.ts): a list's statement is built once per shape and bound
 * per request. A template that bound a value in the wrong place, or kept one request's value, would
 * answer another request's rows: each list's template is compared with a direct build of the same
 * request, after the template was made by a different request of the same shape.
 */

const db = () => getDb(env.DB);

describe("a statement template", () => {
  const byName = statementTemplate<{ name: string | null; limit: number }>((kysely, v) => {
    let users = kysely.selectFrom("users").select(["userId", "userName"]);
    if (v.name !== null) users = users.where("userName", "=", v.name);
    return [users.orderBy("userId").limit(v.limit)];
  });

  it("binds each request's values into the text made for the first", () => {
    const first = byName.parts(db(), { name: "Ann", limit: 10 });
    const second = byName.parts(db(), { name: "Bob", limit: 20 });
    expect(second[0]!.sql).toBe(first[0]!.sql);
    expect(first[0]!.binds).toEqual(["Ann", 10]);
    expect(second[0]!.binds).toEqual(["Bob", 20]);
    expect(second[0]!.columns).toEqual(["userId", "userName"]);
  });

  it("makes another text for a value that is not set", () => {
    const all = byName.parts(db(), { name: null, limit: 10 });
    expect(all[0]!.sql).not.toContain('userName" =');
    expect(all[0]!.binds).toEqual([10]);
    expectTemplateMatches(byName, [
      { values: { name: null, limit: 10 } },
      { values: { name: "Ann", limit: 5 } },
      { values: { name: "", limit: 5 } },
    ]);
  });

  it("refuses a value computed with instead of bound, and a value that is not single", () => {
    const derived = statementTemplate<{ prefix: string }>((kysely, v) => [
      kysely.selectFrom("users").select("userId").where("userName", ">=", `${v.prefix}~`),
    ]);
    expect(() => derived.parts(db(), { prefix: "Ann" })).toThrow(/may only be bound/);
    const listed = statementTemplate<{ ids: number }>((kysely, v) => [
      kysely.selectFrom("users").select("userId").where("userId", "=", v.ids),
    ]);
    expect(() => listed.parts(db(), { ids: [1, 2] as unknown as number })).toThrow(/not a single value/);
  });

  it("builds a shape once while it is in use, and again only after it fell out of use", () => {
    let builds = 0;
    const counted = statementTemplate<{ id: number }>((kysely, v) => {
      builds++;
      return [kysely.selectFrom("users").select("userId").where("userId", "=", v.id)];
    });
    for (let i = 1; i <= 300; i++) {
      counted.parts(db(), { id: i }, `shape ${i}`);
      expect(counted.parts(db(), { id: i }, "in use")[0]!.binds).toEqual([i]);
    }
    expect(builds).toBe(301);
    counted.parts(db(), { id: 1 }, "shape 300");
    expect(builds).toBe(301);
    counted.parts(db(), { id: 1 }, "shape 1");
    expect(builds).toBe(302);
  });

  it("keeps choices named by the shape apart", () => {
    const chosen = statementTemplate<{ id: number }>((kysely, v, shape) => [
      kysely
        .selectFrom("users")
        .select("userId")
        .where(shape === "above" ? sql<boolean>`userId > ${v.id}` : sql<boolean>`userId < ${v.id}`),
    ]);
    expect(chosen.parts(db(), { id: 3 }, "above")[0]!.sql).toContain(">");
    expect(chosen.parts(db(), { id: 3 }, "below")[0]!.sql).toContain("<");
  });
});

describe("search-payment's template", () => {
  const admin: PaymentReader = { userId: 1, scope: "all" };
  const client: PaymentReader = { userId: 7, scope: "own" };
  const searches = ["", "ab", "smith", "Smith Jones", "AbCdEfGh12", "#42", "42", "0", 'x"y%_', "  padded  "];
  const remembered = { knownVersion: 123456, knownPacked: 41, pageVersion: 123456, pageIds: "[9,8,7]" };

  it("equals a direct build for every reader, filter, search, page and memory", () => {
    const requests = [];
    for (const reader of [admin, client])
      for (const search of searches)
        for (const filter of [{}, { status: "paid" }, { userId: 5 }, { userId: 5, status: "pending" }])
          for (const window of [
            { offset: 0, limit: 10 },
            { offset: 20, limit: 10 },
          ]) {
            const { values, shape } = paymentListValues(reader, { search, ...filter }, window);
            requests.push({ values, shape });
            if (values.fts !== null && values.ownerId === null && values.status === null)
              requests.push({ values: { ...values, ...remembered }, shape });
          }
    expectTemplateMatches(paymentList, requests);
  });

  it("answers each search its own buyer's payments through the route, page after page", async () => {
    const { cookie } = await createAdmin();
    const tag = `TPL${Math.random().toString(36).slice(2, 8)}`;
    const buyers = await Promise.all([createUser({ name: `${tag} Alpha` }), createUser({ name: `${tag} Bravo` })]);
    const payments = buyers.flatMap((buyer, b) =>
      Array.from({ length: 3 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt) VALUES (?1, ?2, ?3, 'USD', '[]', '2999-01-01T00:00:00.000Z')",
        ).bind(`${tag}-${b}-${i}-reference-0000000000`, buyer.userId, 100 * (b + 1) + i),
      ),
    );
    await env.DB.batch(payments);
    const amounts = async (search: string, page = 1) => {
      const answer = await call("search-payment", { search, page, limit: 2 }, { cookie });
      expect(answer.status).toBe(200);
      return { total: answer.body.total, amounts: answer.body.data.map((p: { amount: number }) => p.amount) };
    };
    // Same shape each time (a buyer search, remembered after the first): each answers its own values.
    for (let round = 0; round < 2; round++) {
      expect(await amounts(`${tag} Alpha`)).toEqual({ total: 3, amounts: [102, 101] });
      expect(await amounts(`${tag} Bravo`)).toEqual({ total: 3, amounts: [202, 201] });
      expect(await amounts(`${tag} Bravo`, 2)).toEqual({ total: 3, amounts: [200] });
      expect(await amounts(`${tag} Alpha`, 2)).toEqual({ total: 3, amounts: [100] });
    }
  });
});

describe("search-payment's statement", () => {
  it("lists once a payment its search names whose buyer the search also matches, and counts it once", async () => {
    const { cookie } = await createAdmin();
    const tag = `NAMED${Math.random().toString(36).slice(2, 8)}`;
    const buyer = await createUser({ name: `${tag} Buyer` });
    // The reference starts with the search, and the buyer's name holds it: a candidate found twice.
    await env.DB.batch(
      [0, 1].map((i) =>
        env.DB.prepare(
          "INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt) VALUES (?1, ?2, ?3, 'USD', '[]', '2999-01-01T00:00:00.000Z')",
        ).bind(i === 0 ? `${tag}-reference-000000` : `other-${tag}-reference-0`, buyer.userId, 500 + i),
      ),
    );
    for (let round = 0; round < 2; round++) {
      const answer = await call("search-payment", { search: tag }, { cookie });
      expect(answer.body.data.map((p: { amount: number }) => p.amount)).toEqual([501, 500]);
      expect(answer.body.total).toBe(2);
      expect(answer.body.totalCapped).toBeFalsy();
    }
  });
});

// searchuser's template against its direct build: templates-users.test.ts.
describe("searchuser's template", () => {
  it("answers each search and page its own users through the route", async () => {
    const { cookie } = await createAdmin();
    const tag = `TPU${Math.random().toString(36).slice(2, 8)}`;
    const made: Record<string, number[]> = { Alpha: [], Bravo: [] };
    for (const name of ["Alpha", "Bravo"])
      for (let i = 0; i < 3; i++) made[name]!.push((await createUser({ name: `${tag} ${name} ${i}` })).userId);
    const ids = async (search: string, page: number) => {
      const answer = await call("searchuser", { search, page, limit: 2 }, { cookie });
      expect(answer.status).toBe(200);
      return { total: answer.body.total, ids: answer.body.data.map((u: { userId: number }) => u.userId) };
    };
    const newestFirst = (name: string) => [...made[name]!].reverse();
    for (let round = 0; round < 2; round++)
      for (const name of ["Alpha", "Bravo"]) {
        expect(await ids(`${tag} ${name}`, 1)).toEqual({ total: 3, ids: newestFirst(name).slice(0, 2) });
        expect(await ids(`${tag} ${name}`, 2)).toEqual({ total: 3, ids: newestFirst(name).slice(2) });
      }
  });
});

describe("search-role's template", () => {
  it("equals a direct build for every search and page", () => {
    const requests = ["", "cl", "client", 'x%_"'].flatMap((search) =>
      [1, 2].map((page) => ({ values: roleListValues(search, page, 10) })),
    );
    expectTemplateMatches(roleList, requests);
  });

  it("answers each search its own roles and rules through the route", async () => {
    const { cookie } = await createAdmin();
    const tag = `TPR${Math.random().toString(36).slice(2, 8)}`;
    for (const name of ["alpha", "bravo"]) {
      const role = await env.DB.prepare("INSERT INTO roles (roleName, roleDesc) VALUES (?1, '') RETURNING roleId")
        .bind(`${tag}-${name}`)
        .first<{ roleId: number }>();
      await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, 'read', ?2)")
        .bind(role!.roleId, name === "alpha" ? "Item" : "Site")
        .run();
    }
    for (let round = 0; round < 2; round++)
      for (const [name, subject] of [
        ["alpha", "Item"],
        ["bravo", "Site"],
      ] as const) {
        const answer = await call("search-role", { search: `${tag}-${name}` }, { cookie });
        expect(answer.body.total).toBe(1);
        expect(answer.body.data).toEqual([
          expect.objectContaining({ roleName: `${tag}-${name}`, rules: [expect.objectContaining({ action: "read", subject })] }),
        ]);
      }
  });
});
