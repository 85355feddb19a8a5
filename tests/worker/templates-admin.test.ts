import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_STATUSES } from "../../worker/src/contract/admin";
import { apiKeyList, apiKeyListValues } from "../../worker/src/routes/apikeys";
import { downloadList, downloadListValues } from "../../worker/src/routes/downloads";
import { outboxList, outboxListValues } from "../../worker/src/routes/outbox-admin";
import { quotaList, quotaListValues } from "../../worker/src/routes/quota";
import { subscriptionList, subscriptionListValues } from "../../worker/src/routes/subscriptions";
import { call, createAdmin, createItem, createUser, type TestUser } from "./helpers";
import { expectTemplateMatches } from "./template-support";

/**
 * The statement templates (worker/src/db/templates.ts) of search-outbox, search-quota,
 * search-subscription, search-apikey and search-downloads: each built once per shape and bound per
 * request. Each template is compared with a direct build over every branch its builder takes, with the
 * values made by the function the route uses; then requests of one shape go through the route, each
 * answering its own rows.
 */

/** The first page (offset 0, a value passed as itself) and later ones (a bound offset). */
const PAGES = [
  { page: 1, limit: 10 },
  { page: 2, limit: 10 },
  { page: 3, limit: 25 },
];
/** A user id of the caller's own and one an admin names. */
const USER_IDS = [1, 42];

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});

async function listed<T>(name: string, body: object, cookie = admin.cookie) {
  const answer = await call(name, body, { cookie });
  expect(answer.status).toBe(200);
  return answer.body as { total: number; data: T[] } & Record<string, unknown>;
}

describe("search-outbox's template", () => {
  it("equals a direct build for every status and page", () => {
    const requests = [undefined, ...OUTBOX_STATUSES].flatMap((status) =>
      PAGES.map(({ page, limit }) => ({ values: outboxListValues(status, page, limit) })),
    );
    expectTemplateMatches(outboxList, requests);
  });

  it("answers each status and page its own mails through the route", async () => {
    const tag = `TPO${Math.random().toString(36).slice(2, 8)}`;
    // Dated ahead of every other mail, so they lead their status's list.
    for (const status of ["sent", "failed"])
      for (let i = 0; i < 3; i++)
        await env.DB.prepare(
          "INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, status, createdAt) VALUES (?1, 'test', ?2, 'body', ?3, ?4)",
        )
          .bind(`${tag}-${status}-${i}@example.test`, tag, status, `2999-01-0${i + 1}T00:00:00.000Z`)
          .run();
    const counted = async (status: string) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE status = ?1").bind(status).first<{ n: number }>())!.n;
    const mails = async (status: string, page: number) => {
      const answer = await listed<{ toEmail: string; status: string }>("search-outbox", { status, page, limit: 1 });
      return { total: answer.total, rows: answer.data.map((mail) => `${mail.status} ${mail.toEmail}`) };
    };
    for (let round = 0; round < 2; round++)
      for (const status of ["sent", "failed"]) {
        const total = await counted(status);
        expect(await mails(status, 2)).toEqual({ total, rows: [`${status} ${tag}-${status}-1@example.test`] });
        expect(await mails(status, 3)).toEqual({ total, rows: [`${status} ${tag}-${status}-0@example.test`] });
      }
  });
});

describe("search-quota's template", () => {
  it("equals a direct build for every user and page", () => {
    const requests = USER_IDS.flatMap((userId) =>
      PAGES.map(({ page, limit }) => ({ values: quotaListValues(userId, page, limit) })),
    );
    expectTemplateMatches(quotaList, requests);
  });

  it("answers each user and page their own balance and ledger through the route", async () => {
    const owners = [await createUser({ quota: 11 }), await createUser({ quota: 22 })];
    for (const [o, owner] of owners.entries())
      for (let i = 0; i < 3; i++)
        await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, note) VALUES (?1, ?2, 'adjust', 'test')")
          .bind(owner.userId, 100 * (o + 1) + i)
          .run();
    const ledger = async (userId: number, page: number) => {
      const answer = await listed<{ delta: number }>("search-quota", { userId, page, limit: 2 });
      return { userQuota: answer.userQuota, total: answer.total, deltas: answer.data.map((entry) => entry.delta) };
    };
    for (let round = 0; round < 2; round++) {
      expect(await ledger(owners[0]!.userId, 1)).toEqual({ userQuota: 11, total: 3, deltas: [102, 101] });
      expect(await ledger(owners[1]!.userId, 1)).toEqual({ userQuota: 22, total: 3, deltas: [202, 201] });
      expect(await ledger(owners[1]!.userId, 2)).toEqual({ userQuota: 22, total: 3, deltas: [200] });
      expect(await ledger(owners[0]!.userId, 2)).toEqual({ userQuota: 11, total: 3, deltas: [100] });
    }
  });
});

/** Subscriptions of `owner` to fresh items named `${name} i`, the later i ending later. */
async function subscribe(owner: TestUser, name: string, count: number) {
  for (let i = 0; i < count; i++) {
    const itemId = await createItem({ name: `${name} ${i}` });
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', ?3, ?4)",
    )
      .bind(owner.userId, itemId, `2999-01-0${i + 1}T00:00:00.000Z`, `test:${name}:${i}`)
      .run();
  }
}

describe("search-subscription's template", () => {
  it("equals a direct build for every user and page", () => {
    const requests = USER_IDS.flatMap((userId) =>
      PAGES.map(({ page, limit }) => ({ values: subscriptionListValues(userId, page, limit) })),
    );
    expectTemplateMatches(subscriptionList, requests);
  });

  it("answers each user and page their own subscriptions through the route", async () => {
    const tag = `TPS${Math.random().toString(36).slice(2, 8)}`;
    const owners = [await createUser(), await createUser()];
    await subscribe(owners[0]!, `${tag} Alpha`, 3);
    await subscribe(owners[1]!, `${tag} Bravo`, 3);
    const held = async (userId: number, page: number) => {
      const answer = await listed<{ itemName: string }>("search-subscription", { userId, page, limit: 2 });
      return { total: answer.total, names: answer.data.map((subscription) => subscription.itemName) };
    };
    for (let round = 0; round < 2; round++)
      for (const [o, name] of ["Alpha", "Bravo"].entries()) {
        const userId = owners[o]!.userId;
        expect(await held(userId, 1)).toEqual({ total: 3, names: [`${tag} ${name} 2`, `${tag} ${name} 1`] });
        expect(await held(userId, 2)).toEqual({ total: 3, names: [`${tag} ${name} 0`] });
      }
  });
});

describe("search-apikey's template", () => {
  it("equals a direct build for every page", () => {
    expectTemplateMatches(
      apiKeyList,
      PAGES.map(({ page, limit }) => ({ values: apiKeyListValues(page, limit) })),
    );
  });

  it("answers each page its own keys through the route", async () => {
    const tag = `TPK${Math.random().toString(36).slice(2, 8)}`;
    // Dated ahead of every other key, so they lead the list.
    for (let i = 0; i < 3; i++)
      await env.DB.prepare("INSERT INTO api_keys (keyName, keyPrefix, keyHash, createdAt) VALUES (?1, ?2, ?3, ?4)")
        .bind(`${tag} ${i}`, `${tag}${i}`, `${tag}-hash-${i}`, `2999-01-0${i + 1}T00:00:00.000Z`)
        .run();
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM api_keys").first<{ n: number }>())!.n;
    const names = async (page: number) => {
      const answer = await listed<{ keyName: string }>("search-apikey", { page, limit: 1 });
      return { total: answer.total, names: answer.data.map((key) => key.keyName) };
    };
    for (let round = 0; round < 2; round++) {
      expect(await names(2)).toEqual({ total, names: [`${tag} 1`] });
      expect(await names(3)).toEqual({ total, names: [`${tag} 0`] });
    }
  });
});

describe("search-downloads' template", () => {
  it("equals a direct build for every user and page", () => {
    const requests = USER_IDS.flatMap((userId) =>
      PAGES.map(({ page, limit }) => ({ values: downloadListValues(userId, page, limit) })),
    );
    expectTemplateMatches(downloadList, requests);
  });

  it("answers each caller and page their own items through the route", async () => {
    const tag = `TPD${Math.random().toString(36).slice(2, 8)}`;
    const clients = [await createUser(), await createUser()];
    await subscribe(clients[0]!, `${tag} Alpha`, 3);
    await subscribe(clients[1]!, `${tag} Bravo`, 3);
    const items = async (client: TestUser, page: number) => {
      const answer = await listed<{ itemName: string }>("search-downloads", { page, limit: 2 }, client.cookie);
      return { total: answer.total, names: answer.data.map((item) => item.itemName) };
    };
    for (let round = 0; round < 2; round++)
      for (const [c, name] of ["Alpha", "Bravo"].entries()) {
        expect(await items(clients[c]!, 1)).toEqual({ total: 3, names: [`${tag} ${name} 0`, `${tag} ${name} 1`] });
        expect(await items(clients[c]!, 2)).toEqual({ total: 3, names: [`${tag} ${name} 2`] });
      }
  });
});
