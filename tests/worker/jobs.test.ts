import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/src/cron";
import { call, callForm, countRows, createAdmin, createAgentKey, createJobSite, createUser, pdfFile } from "./helpers";

async function balanceOf(userId: number) {
  const row = await env.DB.prepare(
    "SELECT userQuota, (SELECT coalesce(sum(delta), 0) FROM quota_ledger WHERE userId = ?1) AS ledger FROM users WHERE userId = ?1",
  )
    .bind(userId)
    .first<{ userQuota: number; ledger: number }>();
  return row!;
}

/** A client with `quota` points whose ledger matches the balance (as a real top-up leaves it). */
async function clientWithPoints(quota: number) {
  const user = await createUser({ quota });
  if (quota > 0) {
    await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref) VALUES (?1, ?2, 'adjust', ?3)")
      .bind(user.userId, quota, `test:${user.userId}`)
      .run();
  }
  return user;
}

async function documentCount() {
  return (await env.FILES.list({ prefix: "documents/" })).objects.length;
}

const jobsOf = (userId: number) =>
  env.DB.prepare("SELECT uniqueId, status, vendorId, pointsSpent, fileKey FROM history WHERE userId = ?1 ORDER BY historyId")
    .bind(userId)
    .all<{ uniqueId: string; status: number; vendorId: number; pointsSpent: number; fileKey: string }>();

describe("submit-job", () => {
  it("takes the site's price, writes the ledger and queues the job on the least recently used vendor account", async () => {
    const { siteId, vendors } = await createJobSite({ price: 10, vendors: 2 });
    const client = await clientWithPoints(35);
    const first = await callForm(
      "submit-job",
      { siteId: String(siteId), file: pdfFile("thesis.pdf") },
      { cookie: client.cookie },
    );
    expect(first.status).toBe(200);
    expect(first.body.history).toMatchObject({
      userId: client.userId,
      siteId,
      fileName: "thesis.pdf",
      pointsSpent: 10,
      vendorId: vendors[0]!.vendorId,
      fileData: { status: 0, similarity: null },
    });
    expect(first.body.history.fileData.uniqueId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The session, the site, then one batch that debits, queues and reads the job back: writes queue
    // behind each other on one D1, so each round trip of a write waits its turn.
    expect(first.usage!.roundTrips).toBe(3);
    const second = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(second.body.history.vendorId).toBe(vendors[1]!.vendorId);
    const third = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(third.body.history.vendorId).toBe(vendors[0]!.vendorId);

    expect(await balanceOf(client.userId)).toEqual({ userQuota: 5, ledger: 5 });
    const ledger = await env.DB.prepare("SELECT delta, reason, ref FROM quota_ledger WHERE userId = ?1 AND reason = 'spend'")
      .bind(client.userId)
      .all<{ delta: number; reason: string; ref: string }>();
    expect(ledger.results).toContainEqual({ delta: -10, reason: "spend", ref: `spend:${first.body.history.fileData.uniqueId}` });
    const stored = await env.FILES.get((await jobsOf(client.userId)).results[0]!.fileKey);
    expect(await stored!.text()).toContain("%PDF-1.4");
  });

  it("answers 409 with a clear text when the points do not cover the price, and takes nothing", async () => {
    const { siteId } = await createJobSite({ price: 10 });
    const client = await clientWithPoints(9);
    const files = await documentCount();
    const res = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "You do not have enough points for this site: it costs 10 points and your balance is 9. Buy points to continue.",
      code: "insufficient_points",
    });
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 9, ledger: 9 });
    expect((await jobsOf(client.userId)).results).toEqual([]);
    expect(await documentCount()).toBe(files);
  });

  it("six concurrent submissions with points for two take exactly two", async () => {
    const { siteId } = await createJobSite({ price: 10, vendors: 2 });
    const client = await clientWithPoints(20);
    const files = await documentCount();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callForm("submit-job", { siteId: String(siteId), file: pdfFile(`doc-${i}.pdf`) }, { cookie: client.cookie }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "insufficient_points")).toBe(true);
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    expect((await jobsOf(client.userId)).results).toHaveLength(2);
    // The refused uploads were removed from R2 again.
    expect(await documentCount()).toBe(files + 2);
  });

  it("rejects a file that is not PDF, DOCX or TXT by its bytes, and a missing file, changing nothing", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await clientWithPoints(5);
    const before = await countRows("history");
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], "looks.pdf");
    const wrongType = await callForm("submit-job", { siteId: String(siteId), file: png }, { cookie: client.cookie });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe("unsupported_type");
    const noFile = await callForm("submit-job", { siteId: String(siteId) }, { cookie: client.cookie });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ error: 'The field "file" is required.', code: "required", field: "file" });
    const badSite = await callForm("submit-job", { siteId: "abc", file: pdfFile() }, { cookie: client.cookie });
    expect(badSite.status).toBe(400);
    expect(await countRows("history")).toBe(before);
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 5, ledger: 5 });
  });

  it("refuses unknown or switched-off sites (404) and sites without an active vendor account (409)", async () => {
    const client = await clientWithPoints(50);
    const off = await createJobSite({ isUse: false });
    const bare = await createJobSite({ vendors: 0 });
    const unknown = await callForm("submit-job", { siteId: "999999", file: pdfFile() }, { cookie: client.cookie });
    expect(unknown.status).toBe(404);
    const switchedOff = await callForm("submit-job", { siteId: String(off.siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(switchedOff.status).toBe(404);
    const noVendor = await callForm("submit-job", { siteId: String(bare.siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(noVendor.status).toBe(409);
    expect(noVendor.body.code).toBe("no_vendor");
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 50, ledger: 50 });
  });

  it("needs a signed-in user who may create jobs: anonymous 401, agent key 403", async () => {
    const { siteId } = await createJobSite();
    const agent = await createAgentKey();
    expect((await callForm("submit-job", { siteId: String(siteId), file: pdfFile() })).status).toBe(401);
    const byAgent = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { bearer: agent.key });
    expect(byAgent.status).toBe(403);
  });
});

describe("site-use", () => {
  it("shows a usable site with its price and the caller's fresh balance", async () => {
    const { siteId } = await createJobSite({ price: 7 });
    const client = await clientWithPoints(12);
    const res = await call("site-use", { siteId }, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ site: { siteId, sitePrice: 7, available: true }, userQuota: 12 });
    const off = await createJobSite({ isUse: false });
    expect((await call("site-use", { siteId: off.siteId }, { cookie: client.cookie })).status).toBe(404);
  });
});

describe("claim-jobs", () => {
  async function queuedJob(price = 1) {
    const site = await createJobSite({ price, vendors: 2 });
    const client = await clientWithPoints(10);
    const res = await callForm("submit-job", { siteId: String(site.siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(res.status).toBe(200);
    return { ...site, client, uniqueId: res.body.history.fileData.uniqueId as string };
  }

  it("gives an agent the job with its vendor account's decrypted credentials and a way to fetch the document", async () => {
    const job = await queuedJob();
    const agent = await createAgentKey();
    const res = await call("claim-jobs", { siteId: job.siteId }, { bearer: agent.key });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(1);
    const claimed = res.body.jobs[0];
    expect(claimed).toMatchObject({
      uniqueId: job.uniqueId,
      vendor: { vendorId: job.vendors[0]!.vendorId, loginMethod: "cookie", vendorValue: job.vendors[0]!.secret },
      file: { call: "job-file", body: { uniqueId: job.uniqueId } },
    });
    const file = await call(claimed.file.call, claimed.file.body, { bearer: agent.key });
    expect(file.status).toBe(200);
    expect(file.body).toContain("%PDF-1.4");

    // The second job goes to the email-login account: email and password.
    const client2 = await clientWithPoints(5);
    await callForm("submit-job", { siteId: String(job.siteId), file: pdfFile() }, { cookie: client2.cookie });
    const next = await call("claim-jobs", { siteId: job.siteId }, { bearer: agent.key });
    expect(next.body.jobs[0].vendor).toEqual({
      vendorId: job.vendors[1]!.vendorId,
      vendorName: "Vendor 1",
      loginMethod: "email",
      vendorEmail: job.vendors[1]!.vendorEmail,
      vendorPassword: job.vendors[1]!.secret,
    });
  });

  it("never hands the same job to two agents, even when they ask at once", async () => {
    const site = await createJobSite({ price: 1 });
    const client = await clientWithPoints(10);
    for (let i = 0; i < 4; i++) {
      await callForm("submit-job", { siteId: String(site.siteId), file: pdfFile() }, { cookie: client.cookie });
    }
    const agents = await Promise.all([createAgentKey("a"), createAgentKey("b"), createAgentKey("c")]);
    const answers = await Promise.all(
      agents.map((a) => call("claim-jobs", { siteId: site.siteId, limit: 3 }, { bearer: a.key })),
    );
    const ids = answers.flatMap((a) => a.body.jobs.map((j: { uniqueId: string }) => j.uniqueId));
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    const again = await call("claim-jobs", { siteId: site.siteId }, { bearer: agents[0]!.key });
    expect(again.body.jobs).toEqual([]);
  });

  it("returns jobs claimed too long ago to the queue with the cron trigger", async () => {
    const job = await queuedJob();
    const agent = await createAgentKey();
    expect((await call("claim-jobs", { siteId: job.siteId }, { bearer: agent.key })).body.jobs).toHaveLength(1);
    await env.DB.prepare("UPDATE history SET claimedAt = '2020-01-01T00:00:00.000Z' WHERE uniqueId = ?1")
      .bind(job.uniqueId)
      .run();
    await runCron(env);
    const row = await env.DB.prepare("SELECT claimedAt, claimedBy FROM history WHERE uniqueId = ?1")
      .bind(job.uniqueId)
      .first<{ claimedAt: string | null; claimedBy: string | null }>();
    expect(row).toEqual({ claimedAt: null, claimedBy: null });
    const other = await createAgentKey("other");
    expect((await call("claim-jobs", { siteId: job.siteId }, { bearer: other.key })).body.jobs[0].uniqueId).toBe(job.uniqueId);
  });

  it("keeps vendor secrets to agents: an admin's claim and every other answer go without them", async () => {
    const job = await queuedJob();
    const admin = await createAdmin();
    const secret = job.vendors[0]!.secret;
    const byAdmin = await call("claim-jobs", { siteId: job.siteId }, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.jobs[0].vendor).toEqual({
      vendorId: job.vendors[0]!.vendorId,
      vendorName: "Vendor 0",
      loginMethod: "cookie",
      vendorEmail: null,
    });
    const answers = [
      byAdmin,
      await call("search-history", { search: "" }, { cookie: admin.cookie }),
      await call("search-history", { search: "" }, { cookie: job.client.cookie }),
      await call("site-use", { siteId: job.siteId }, { cookie: job.client.cookie }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
    const client = await createUser();
    expect((await call("claim-jobs", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("claim-jobs", {})).status).toBe(401);
  });

  it("lets an agent key make only claim-jobs, update-history and job-file", async () => {
    const agent = await createAgentKey();
    const refused = ["search-history", "download", "submit-job", "site-use", "search-downloads", "me"];
    for (const name of refused) {
      const res = await call(name, {}, { bearer: agent.key });
      expect(res.status, name).toBe(403);
    }
    expect((await call("claim-jobs", { limit: 1 }, { bearer: agent.key })).status).toBe(200);
    expect((await call("update-history", { uniqueId: "x".repeat(24), status: 2 }, { bearer: agent.key })).status).toBe(404);
    expect((await call("job-file", { uniqueId: "x".repeat(24) }, { bearer: agent.key })).status).toBe(404);
    expect((await call("claim-jobs", { limit: 21 }, { bearer: agent.key })).status).toBe(400);
  });
});
