import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ITEM_SORTS } from "../../worker/src/contract/items";
import { bundleList, bundleListValues } from "../../worker/src/routes/bundles";
import { itemList, itemListValues } from "../../worker/src/routes/items";
import { siteList, siteListValues } from "../../worker/src/routes/sites";
import { vendorList, vendorListValues } from "../../worker/src/routes/vendors";
import { call, createAdmin, type TestUser } from "./helpers";
import { expectTemplateMatches } from "./template-support";

/**
 * The catalogue lists' statement templates (worker/src/db/templates.ts): searchvendor, searchsite,
 * searchitem and searchbundle are built once per shape and bound per request. Each template is compared
 * with a direct build over every branch its builder takes, with the values made by the function the
 * route uses; then two requests of one shape go through the route, each answering its own rows.
 */

const SEARCHES = ["", "ab", "Pool 1", "research", 'x"y%_', "re search guide"];
const STATUSES = [undefined, 0, 1] as const;
/** The first page (offset 0, a value passed as itself) and a later one (a bound offset). */
const PAGES = [
  { page: 1, limit: 10 },
  { page: 3, limit: 25 },
];

/** A tag of letters and digits that no two-letter search below (Al, Br) can meet. */
const tagOf = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e6)}`;

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});

async function listed<T>(name: string, body: object, key: keyof T) {
  const answer = await call(name, body, { cookie: admin.cookie });
  expect(answer.status).toBe(200);
  return { total: answer.body.total as number, rows: (answer.body.data as T[]).map((row) => row[key]) };
}

async function addSite(name: string) {
  const row = await env.DB.prepare("INSERT INTO sites (siteName, siteDesc, sitePrice) VALUES (?1, 'desc', 5) RETURNING siteId")
    .bind(name)
    .first<{ siteId: number }>();
  return row!.siteId;
}

describe("searchvendor's template", () => {
  it("equals a direct build for every search, site, status and page", () => {
    const requests = [];
    for (const search of SEARCHES)
      for (const siteId of [undefined, 7])
        for (const status of STATUSES)
          for (const page of PAGES) requests.push({ values: vendorListValues({ search, siteId, status, ...page }) });
    expectTemplateMatches(vendorList, requests);
  });

  it("answers each search, site and page its own accounts through the route", async () => {
    const tag = tagOf("TPV");
    const sites: Record<string, number> = {};
    for (const name of ["Alpha", "Bravo"]) {
      sites[name] = await addSite(`${tag} ${name} site`);
      for (let i = 0; i < 3; i++)
        await env.DB.prepare("INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod) VALUES (?1, ?2, 'cookie')")
          .bind(sites[name], `${tag} ${name} ${i}`)
          .run();
    }
    const names = (search: string, page: number, selectedVendor?: number) =>
      listed<{ vendorName: string }>("searchvendor", { search, selectedVendor, page, limit: 2 }, "vendorName");
    for (let round = 0; round < 2; round++)
      for (const name of ["Alpha", "Bravo"]) {
        const own = [0, 1, 2].map((i) => `${tag} ${name} ${i}`);
        expect(await names(`${tag} ${name}`, 1)).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await names(`${tag} ${name}`, 2)).toEqual({ total: 3, rows: own.slice(2) });
        expect(await names("", 1, sites[name])).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await names("", 2, sites[name])).toEqual({ total: 3, rows: own.slice(2) });
      }
  });
});

describe("searchsite's template", () => {
  it("equals a direct build for every search, status and page", () => {
    const requests = [];
    for (const search of SEARCHES)
      for (const status of STATUSES)
        for (const page of PAGES) requests.push({ values: siteListValues({ search, status, ...page }) });
    expectTemplateMatches(siteList, requests);
  });

  it("answers each search and page its own sites through the route", async () => {
    const tag = tagOf("TPS");
    for (const name of ["Alpha", "Bravo"]) for (let i = 0; i < 3; i++) await addSite(`${tag} ${name} ${i}`);
    const names = (search: string, page: number) =>
      listed<{ siteName: string }>("searchsite", { search, page, limit: 2 }, "siteName");
    for (let round = 0; round < 2; round++)
      for (const name of ["Alpha", "Bravo"]) {
        const own = [0, 1, 2].map((i) => `${tag} ${name} ${i}`);
        expect(await names(`${tag} ${name}`, 1)).toEqual({ total: 3, rows: own.slice(0, 2) });
        expect(await names(`${tag} ${name}`, 2)).toEqual({ total: 3, rows: own.slice(2) });
      }
  });
});

describe("searchitem's template", () => {
  it("equals a direct build for every search, status, sort and page", () => {
    const requests = [];
    for (const search of SEARCHES)
      for (const isActive of STATUSES)
        for (const sort of ITEM_SORTS)
          for (const page of PAGES) {
            const { values, shape } = itemListValues({ search, sort, isActive, ...page });
            requests.push({ values, shape });
          }
    expectTemplateMatches(itemList, requests);
  });

  it("answers each search (text or short) and page its own items through the route", async () => {
    const tag = tagOf("TPI");
    const made: Record<string, number[]> = { Alpha: [], Bravo: [] };
    for (const name of ["Alpha", "Bravo"])
      for (let i = 0; i < 3; i++) {
        const row = await env.DB.prepare(
          "INSERT INTO items (itemName, itemDesc, itemPrice, itemDuration) VALUES (?1, 'plan', ?2, 30) RETURNING itemId",
        )
          .bind(`${tag} ${name} ${i}`, 100 + i)
          .first<{ itemId: number }>();
        made[name]!.push(row!.itemId);
      }
    const ids = (search: string, page: number) =>
      listed<{ itemId: number }>("searchitem", { search, sort: "price_asc", page, limit: 2 }, "itemId");
    for (let round = 0; round < 2; round++)
      for (const [name, short] of [
        ["Alpha", "Al"],
        ["Bravo", "Br"],
      ] as const) {
        const own = made[name]!;
        // The name's words are matched in the FTS index; a two-letter search is a LIKE over the newest items.
        for (const search of [`${tag} ${name}`, short]) {
          expect(await ids(search, 1)).toEqual({ total: 3, rows: own.slice(0, 2) });
          expect(await ids(search, 2)).toEqual({ total: 3, rows: own.slice(2) });
        }
      }
  });
});

describe("searchbundle's template", () => {
  it("equals a direct build for every status and page", () => {
    const requests = [];
    for (const isActive of STATUSES) for (const page of PAGES) requests.push({ values: bundleListValues({ isActive, ...page }) });
    expectTemplateMatches(bundleList, requests);
  });

  it("answers each page its own bundles through the route", async () => {
    const points = [101, 102, 103, 104, 105, 106];
    for (const bundlePoin of points)
      await env.DB.prepare("INSERT INTO bundles (bundlePoin, bundlePPP) VALUES (?1, 10)").bind(bundlePoin).run();
    const page = (n: number) =>
      listed<{ bundlePoin: number }>("searchbundle", { isActive: true, page: n, limit: 2 }, "bundlePoin");
    for (let round = 0; round < 2; round++)
      for (const n of [2, 3]) expect(await page(n)).toEqual({ total: 6, rows: points.slice((n - 1) * 2, n * 2) });
  });
});
