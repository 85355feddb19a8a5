import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_OUTCOMES } from "../../worker/src/contract/admin";
import { COUPON_STATUSES } from "../../worker/src/contract/coupons";
import { auditList, auditListValues } from "../../worker/src/routes/audit-log";
import { couponList, couponListValues } from "../../worker/src/routes/coupons";
import { historyList, historyListValues } from "../../worker/src/routes/history";
import { call, createAdmin, createUser, type TestUser } from "./helpers";
import { expectTemplateMatches } from "./template-support";

/**
 * The statement templates (worker/src/db/templates.ts) of search-history, search-audit and
 * search-coupon: each is compared with a direct build over every branch its builder takes (filters set
 * or not, short, long and odd searches, remembered searches, first and later pages), with the values
 * made by the function the route uses; then requests of one shape go through the route one after the
 * other, each answering its own rows.
 */

/** Empty, short (LIKE), one word, two words, quotes and LIKE wildcards, and a 2-letter word beside a long one. */
const SEARCHES = ["", "ab", "chapter", "Chapter One", 'x"y%_', "ab report"];
/** The first page (offset 0, a value passed as itself) and a later one (a bound offset). */
const PAGES = [
  { page: 1, limit: 10 },
  { page: 3, limit: 25 },
];
/** What an isolate may remember of a search: its total and page, or its total alone. */
const MEMORIES = [
  { knownVersion: 123456, knownPacked: 41, pageVersion: 123456, pageIds: "[9,8,7]" },
  { knownVersion: "123:456", knownPacked: 2001, pageVersion: null, pageIds: null },
];

/** Each request, and the same request with each remembered memory when it is a remembered search. */
function withMemories<V>(request: { values: V; shape?: string; memory: unknown }) {
  const { values, shape } = request;
  if (!request.memory) return [{ values, shape }];
  return [{ values, shape }, ...MEMORIES.map((memory) => ({ values: { ...values, ...memory }, shape }))];
}

const tagOf = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});

async function listed<T>(name: string, body: object, key: keyof T) {
  const answer = await call(name, body, { cookie: admin.cookie });
  expect(answer.status).toBe(200);
  return { total: answer.body.total as number, rows: (answer.body.data as T[]).map((row) => row[key]) };
}

/** A time `i` milliseconds after now: rows added together still have an order. */
const at = (i: number) => new Date(Date.now() + i).toISOString();

describe("search-history's template", () => {
  it("equals a direct build for every owner, filter, search, page and memory", () => {
    const requests = [];
    for (const ownerId of [null, 7])
      for (const search of SEARCHES)
        for (const selectedVendor of [undefined, 3])
          for (const vendorId of [undefined, 4])
            for (const status of [undefined, 0, 1])
              for (const page of PAGES)
                requests.push(...withMemories(historyListValues(ownerId, { search, selectedVendor, vendorId, status, ...page })));
    expect(requests.some(({ values }) => values.knownVersion !== null)).toBe(true);
    expectTemplateMatches(historyList, requests);
  });

  it("answers each owner, search and page its own jobs through the route", async () => {
    const tag = tagOf("TPH");
    const owners = { Alpha: await createUser(), Bravo: await createUser() };
    const jobs = Object.entries(owners).flatMap(([name, owner]) =>
      [0, 1, 2].map((i) =>
        env.DB.prepare(
          `INSERT INTO history (uniqueId, userId, siteName, vendorName, fileName, fileKey, pointsSpent, status, createdAt)
           VALUES (?1, ?2, 'Site', 'Vendor', ?3, ?4, 1, ?5, ?6)`,
        ).bind(
          `job-${tag}-${name}-${i}-000000000000`,
          owner.userId,
          `${tag} ${name} ${i}.pdf`,
          `files/${tag}${name}${i}`,
          i === 1 ? 2 : 0,
          at(i),
        ),
      ),
    );
    await env.DB.batch(jobs);
    const files = (body: object) => listed<{ fileName: string }>("search-history", { limit: 2, ...body }, "fileName");
    for (let round = 0; round < 2; round++)
      for (const [name, owner] of Object.entries(owners)) {
        const own = [2, 1, 0].map((i) => `${tag} ${name} ${i}.pdf`);
        // One owner's jobs (a counter), a search alone (remembered after the first round), a search and a status (scanned).
        expect(await files({ userId: owner.userId, page: 1 })).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await files({ userId: owner.userId, page: 2 })).toEqual({ total: 3, rows: own.slice(2) });
        expect(await files({ search: `${tag} ${name}`, page: 1 })).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await files({ search: `${tag} ${name}`, page: 2 })).toEqual({ total: 3, rows: own.slice(2) });
        expect(await files({ search: `${tag} ${name}`, status: 0 })).toEqual({ total: 2, rows: [own[0], own[2]] });
      }
  });
});

describe("search-audit's template", () => {
  it("equals a direct build for every outcome, search, page and memory", () => {
    const requests = [];
    for (const search of SEARCHES)
      for (const outcome of [undefined, ...AUDIT_OUTCOMES])
        for (const page of PAGES) requests.push(...withMemories(auditListValues({ search, outcome, ...page })));
    expect(requests.some(({ values }) => values.knownVersion !== null)).toBe(true);
    expectTemplateMatches(auditList, requests);
  });

  it("answers each search, outcome and page its own rows through the route", async () => {
    const tag = tagOf("TPA");
    const names = ["Alpha", "Bravo"];
    await env.DB.batch(
      names.flatMap((name) =>
        [0, 1, 2].map((i) =>
          env.DB.prepare(
            "INSERT INTO audit_log (action, actorEmail, subject, outcome, createdAt) VALUES ('check', 'a@test.example', ?1, ?2, ?3)",
          ).bind(`${tag} ${name} ${i}`, i === 1 ? "denied" : "ok", at(i)),
        ),
      ),
    );
    const subjects = (body: object) => listed<{ subject: string }>("search-audit", { limit: 2, ...body }, "subject");
    for (let round = 0; round < 2; round++)
      for (const name of names) {
        const own = [2, 1, 0].map((i) => `${tag} ${name} ${i}`);
        const search = `${tag} ${name}`;
        expect(await subjects({ search, page: 1 })).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await subjects({ search, page: 2 })).toEqual({ total: 3, rows: own.slice(2) });
        expect(await subjects({ search, outcome: "ok" })).toEqual({ total: 2, rows: [own[0], own[2]] });
        expect(await subjects({ search, outcome: "denied" })).toEqual({ total: 1, rows: [own[1]] });
      }
  });
});

describe("search-coupon's template", () => {
  it("equals a direct build for every status, day, search, page and memory", () => {
    const requests = [];
    for (const search of [...SEARCHES, "SPRING-2026"])
      for (const status of [undefined, ...COUPON_STATUSES])
        for (const today of ["2026-11-26", "2027-01-01"])
          for (const page of PAGES) requests.push(...withMemories(couponListValues({ search, status, today, ...page })));
    expect(requests.some(({ values }) => values.knownVersion !== null)).toBe(true);
    expect(new Set(requests.map(({ shape }) => shape))).toEqual(new Set(["all", ...COUPON_STATUSES]));
    expectTemplateMatches(couponList, requests);
  });

  it("answers each search, status and page its own coupons through the route", async () => {
    const prefix = tagOf("TPC");
    const names = ["A", "B"];
    await env.DB.batch(
      names.flatMap((name) =>
        [0, 1, 2].map((i) =>
          env.DB.prepare("INSERT INTO coupons (couponCode, couponQuota, couponExpired, createdAt) VALUES (?1, 1, ?2, ?3)").bind(
            `${prefix}${name}-00${i}`,
            i === 1 ? "2000-01-01" : "2999-12-31",
            at(i),
          ),
        ),
      ),
    );
    const codes = (body: object) => listed<{ couponCode: string }>("search-coupon", { limit: 2, ...body }, "couponCode");
    for (let round = 0; round < 2; round++)
      for (const name of names) {
        const own = [2, 1, 0].map((i) => `${prefix}${name}-00${i}`);
        const search = `${prefix}${name}`;
        expect(await codes({ search, page: 1 })).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await codes({ search, page: 2 })).toEqual({ total: 3, rows: own.slice(2) });
        expect(await codes({ search, status: "unused" })).toEqual({ total: 2, rows: [own[0], own[2]] });
        expect(await codes({ search, status: "expired" })).toEqual({ total: 1, rows: [own[1]] });
      }
  });
});
