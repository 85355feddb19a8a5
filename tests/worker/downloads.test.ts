import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createAdmin, createAgentKey, createJobSite, createUser } from "./helpers";

/** A finished job of a fresh client: its document and report are in R2. */
async function finishedJob() {
  const { siteId } = await createJobSite({ price: 0 });
  const owner = await createUser();
  const admin = await createAdmin();
  const doc = new File(["The owner's own words.\n"], "my essay.txt");
  const submitted = await callForm("submit-job", { siteId: String(siteId), file: doc }, { cookie: owner.cookie });
  expect(submitted.status).toBe(200);
  const uniqueId = submitted.body.history.fileData.uniqueId as string;
  const report = new File(["%PDF-1.5\nthe report\n"], "report: final?.pdf");
  const done = await callForm("update-history", { uniqueId, status: "1", similarity: "17", report }, { cookie: admin.cookie });
  expect(done.status).toBe(200);
  return { owner, admin, uniqueId };
}

/** An item with a downloadable file; `endsAt` gives the client a subscription ending then (none when null). */
async function itemWithFile(client: { userId: number }, endsAt: string | null) {
  const key = `item-files/test-${crypto.randomUUID()}.txt`;
  await env.FILES.put(key, "Style guide contents", { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  const item = await env.DB.prepare(
    "INSERT INTO items (itemName, itemPrice, itemDuration, itemUrl, itemFile, itemFileKey) VALUES (?1, 100, 30, 'https://example.com/guide', 'guide.txt', ?2) RETURNING itemId",
  )
    .bind(`Guide ${key.slice(-12)}`, key)
    .first<{ itemId: number }>();
  if (endsAt) {
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', ?3, ?4)",
    )
      .bind(client.userId, item!.itemId, endsAt, `test:${key}`)
      .run();
  }
  return item!.itemId;
}

const future = () => new Date(Date.now() + 86_400_000).toISOString();

describe("download", () => {
  it("serves the owner's report as an attachment with a safe name and nosniff", async () => {
    const { owner, uniqueId } = await finishedJob();
    const res = await call("download", { kind: "report", id: uniqueId }, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toBe("%PDF-1.5\nthe report\n");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="report_ final_.pdf"; filename*=UTF-8''report_%20final_.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const doc = await call("download", { kind: "job-file", id: uniqueId }, { cookie: owner.cookie });
    expect(doc.status).toBe(200);
    expect(doc.body).toBe("The owner's own words.\n");
  });

  it("answers 404 to another client for a report or a document that is not theirs; an admin gets both", async () => {
    const { admin, uniqueId } = await finishedJob();
    const stranger = await createUser();
    for (const kind of ["report", "job-file"]) {
      const res = await call("download", { kind, id: uniqueId }, { cookie: stranger.cookie });
      expect(res.status, kind).toBe(404);
      expect(res.body).toEqual({ error: "No such file.", code: "not_found" });
      expect((await call("download", { kind, id: uniqueId }, { cookie: admin.cookie })).status, kind).toBe(200);
    }
  });

  it("has no report to give while a job is queued, and refuses anonymous callers and agent keys", async () => {
    const { siteId } = await createJobSite({ price: 0 });
    const owner = await createUser();
    const submitted = await callForm(
      "submit-job",
      { siteId: String(siteId), file: new File(["text"], "a.txt") },
      { cookie: owner.cookie },
    );
    const uniqueId = submitted.body.history.fileData.uniqueId;
    expect((await call("download", { kind: "report", id: uniqueId }, { cookie: owner.cookie })).status).toBe(404);
    expect((await call("download", { kind: "report", id: uniqueId })).status).toBe(401);
    const agent = await createAgentKey();
    expect((await call("download", { kind: "job-file", id: uniqueId }, { bearer: agent.key })).status).toBe(403);
  });

  it("serves an item's file only with an active subscription (or to an admin)", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const active = await itemWithFile(client, future());
    const expired = await itemWithFile(client, "2021-01-01T00:00:00.000Z");
    const never = await itemWithFile({ userId: admin.userId }, null);
    const ok = await call("download", { kind: "item-file", id: active }, { cookie: client.cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe("Style guide contents");
    expect(ok.headers.get("content-disposition")).toContain('filename="guide.txt"');
    expect((await call("download", { kind: "item-file", id: expired }, { cookie: client.cookie })).status).toBe(404);
    expect((await call("download", { kind: "item-file", id: never }, { cookie: client.cookie })).status).toBe(404);
    expect((await call("download", { kind: "item-file", id: never }, { cookie: admin.cookie })).status).toBe(200);
  });

  it("rejects an unknown kind or a malformed id with 400", async () => {
    const client = await createUser();
    expect((await call("download", { kind: "secrets", id: "x" }, { cookie: client.cookie })).status).toBe(400);
    expect((await call("download", { kind: "item-file", id: "abc" }, { cookie: client.cookie })).status).toBe(400);
    expect((await call("download", { kind: "report" }, { cookie: client.cookie })).status).toBe(400);
  });
});

describe("job-file", () => {
  it("gives an agent the document of a job it holds, and nothing else", async () => {
    const { siteId } = await createJobSite({ price: 0 });
    const owner = await createUser();
    const submitted = await callForm(
      "submit-job",
      { siteId: String(siteId), file: new File(["to check"], "b.txt") },
      { cookie: owner.cookie },
    );
    const uniqueId = submitted.body.history.fileData.uniqueId;
    const holder = await createAgentKey("holder");
    const other = await createAgentKey("other");
    expect((await call("job-file", { uniqueId }, { bearer: holder.key })).status).toBe(404);
    await call("claim-jobs", { siteId }, { bearer: holder.key });
    const res = await call("job-file", { uniqueId }, { bearer: holder.key });
    expect(res.status).toBe(200);
    expect(res.body).toBe("to check");
    expect((await call("job-file", { uniqueId }, { bearer: other.key })).status).toBe(404);
    expect((await call("job-file", { uniqueId }, { cookie: owner.cookie })).status).toBe(403);
  });
});

describe("search-downloads", () => {
  it("lists only the caller's items with an active subscription, with their URL and file", async () => {
    const client = await createUser();
    const other = await createUser();
    const active = await itemWithFile(client, future());
    await itemWithFile(client, "2021-01-01T00:00:00.000Z");
    await itemWithFile(other, future());
    const res = await call("search-downloads", {}, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(res.body.data).toEqual([
      expect.objectContaining({ itemId: active, itemUrl: "https://example.com/guide", itemFile: "guide.txt" }),
    ]);
    expect((await call("search-downloads", {})).status).toBe(401);
  });
});
