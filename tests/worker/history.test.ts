import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { listStatements } from "../../worker/src/db/list";
import { jobList, type JobFilter } from "../../worker/src/domain/jobs/list";
import {
  call,
  callForm,
  countRows,
  createAdmin,
  createAgentKey,
  createJobSite,
  createUser,
  listPlans,
  pdfFile,
  type TestUser,
} from "./helpers";

async function clientWithPoints(quota: number) {
  const user = await createUser({ quota });
  await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref) VALUES (?1, ?2, 'adjust', ?3)")
    .bind(user.userId, quota, `test:${user.userId}`)
    .run();
  return user;
}

async function submit(client: TestUser, siteId: number, name = "essay.pdf") {
  const res = await callForm("submit-job", { siteId: String(siteId), file: pdfFile(name) }, { cookie: client.cookie });
  expect(res.status).toBe(200);
  return res.body.history.fileData.uniqueId as string;
}

async function balanceOf(userId: number) {
  return (await env.DB.prepare(
    "SELECT userQuota, (SELECT coalesce(sum(delta), 0) FROM quota_ledger WHERE userId = ?1) AS ledger FROM users WHERE userId = ?1",
  )
    .bind(userId)
    .first<{ userQuota: number; ledger: number }>())!;
}

const jobRow = (uniqueId: string) =>
  env.DB.prepare("SELECT status, similarity, reportKey, reportName FROM history WHERE uniqueId = ?1")
    .bind(uniqueId)
    .first<{ status: number; similarity: number | null; reportKey: string | null; reportName: string | null }>();

const mailsTo = (email: string) =>
  env.DB.prepare("SELECT mailKind, mailBody FROM outbox WHERE toEmail = ?1 ORDER BY mailId")
    .bind(email)
    .all<{ mailKind: string; mailBody: string }>();

describe("search-history", () => {
  it("shows a client only their own jobs, whatever userId they send", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const alice = await clientWithPoints(5);
    const bob = await clientWithPoints(5);
    const aliceJob = await submit(alice, siteId, "alice-report.pdf");
    await submit(bob, siteId, "bob-report.pdf");
    const own = await call("search-history", { search: "", userId: bob.userId }, { cookie: alice.cookie });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(own.body.data).toEqual([
      expect.objectContaining({
        userId: alice.userId,
        fileName: "alice-report.pdf",
        fileData: { uniqueId: aliceJob, status: 0, similarity: null },
      }),
    ]);
  });

  it("lets an admin list everyone's jobs, filtered by user, site (selectedVendor), vendor account, status and text", async () => {
    const siteA = await createJobSite({ price: 1, vendors: 2 });
    const siteB = await createJobSite({ price: 1 });
    const admin = await createAdmin();
    const client = await clientWithPoints(10);
    await submit(client, siteA.siteId, "chapter-one.pdf");
    await submit(client, siteA.siteId, "chapter-two.pdf");
    const third = await submit(client, siteB.siteId, "appendix.pdf");
    await call("update-history", { uniqueId: third, status: 1, similarity: 12 }, { cookie: admin.cookie });

    const byUser = await call("search-history", { search: "", userId: client.userId }, { cookie: admin.cookie });
    expect(byUser.body.total).toBe(3);
    expect(byUser.body.data.map((h: { fileName: string }) => h.fileName)).toEqual([
      "appendix.pdf",
      "chapter-two.pdf",
      "chapter-one.pdf",
    ]);
    const bySite = await call("search-history", { search: "", selectedVendor: siteA.siteId }, { cookie: admin.cookie });
    expect(bySite.body.total).toBe(2);
    const byVendor = await call("search-history", { search: "", vendorId: siteA.vendors[1]!.vendorId }, { cookie: admin.cookie });
    expect(byVendor.body.data.map((h: { fileName: string }) => h.fileName)).toEqual(["chapter-two.pdf"]);
    const done = await call("search-history", { search: "", userId: client.userId, status: 1 }, { cookie: admin.cookie });
    expect(done.body.data).toEqual([expect.objectContaining({ fileData: { uniqueId: third, status: 1, similarity: 12 } })]);
    const text = await call("search-history", { search: "chapter", userId: client.userId }, { cookie: admin.cookie });
    expect(text.body.total).toBe(2);
    const short = await call("search-history", { search: "e.", userId: client.userId }, { cookie: admin.cookie });
    expect(short.body.data.map((h: { fileName: string }) => h.fileName)).toEqual(["chapter-one.pdf"]);
    const paged = await call(
      "search-history",
      { search: "", userId: client.userId, limit: 2, page: 2 },
      { cookie: admin.cookie },
    );
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data).toHaveLength(1);
  });

  it("rejects bad filters with 400 and needs a signed-in caller", async () => {
    const client = await createUser();
    expect((await call("search-history", { search: "", status: 5 }, { cookie: client.cookie })).status).toBe(400);
    expect((await call("search-history", { search: "", limit: 1000 }, { cookie: client.cookie })).status).toBe(400);
    expect((await call("search-history", { search: "" })).status).toBe(401);
  });

  it("is served by indexes and the FTS table: only the unfiltered page walks history itself, in id order", async () => {
    const db = getDb(env.DB);
    const base = { ownerId: null, search: "" };
    const cases: Array<[JobFilter, boolean]> = [
      [base, true],
      [{ ...base, ownerId: 7 }, false],
      [{ ...base, siteId: 3 }, false],
      [{ ...base, vendorId: 3 }, false],
      [{ ...base, status: 0 }, false],
      [{ ...base, siteId: 3, status: 1 }, false],
      [{ ...base, ownerId: 7, status: 1 }, false],
      [{ ...base, search: "chapter" }, false],
      [{ ...base, ownerId: 7, search: "chapter" }, false],
    ];
    for (const [filter, walksHistory] of cases) {
      const { query, ...options } = jobList(db, filter);
      for (const { sql, plan } of await listPlans(listStatements(db, query, { ...options, window: { page: 2, limit: 10 } }))) {
        const scans = plan.filter((detail) => /^SCAN (h|history)$/.test(detail));
        expect(scans.length, `${JSON.stringify(filter)}\n${sql}\n${plan.join("\n")}`).toBeLessThanOrEqual(walksHistory ? 1 : 0);
        // A page walks an index in its order; what may sort is a search's SEARCH_SCAN candidates.
        const sorts = plan.filter((detail) => detail.includes("USE TEMP B-TREE FOR ORDER BY")).length;
        expect(sorts, `${sql}\n${plan.join("\n")}`).toBeLessThanOrEqual(plan.some((d) => d.startsWith("CO-ROUTINE c")) ? 1 : 0);
      }
    }
  });
});

describe("update-history", () => {
  it("marks a job done with a similarity and a report, and mails the client", async () => {
    const { siteId } = await createJobSite({ price: 3 });
    const client = await clientWithPoints(5);
    const admin = await createAdmin();
    const uniqueId = await submit(client, siteId);
    const report = new File(["Similarity report: 42%"], "report.txt");
    const res = await callForm("update-history", { uniqueId, status: "1", similarity: "42", report }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.history).toMatchObject({ hasReport: true, fileData: { uniqueId, status: 1, similarity: 42 } });
    const row = await jobRow(uniqueId);
    expect(row).toMatchObject({ status: 1, similarity: 42, reportName: "report.txt" });
    expect(await (await env.FILES.get(row!.reportKey!))!.text()).toBe("Similarity report: 42%");
    const mails = await mailsTo(client.email);
    expect(mails.results.map((m) => m.mailKind)).toEqual(["job-done"]);
    expect(mails.results[0]!.mailBody).toContain("Similarity: 42%");
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE subjectId = ?1")
      .bind(uniqueId)
      .all<{ action: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(["job.done"]);
  });

  it("accepts the original client's spelling `similairy` beside `similarity` (which wins when both come)", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await clientWithPoints(5);
    const admin = await createAdmin();
    const spelled = await submit(client, siteId);
    const res = await callForm("update-history", { uniqueId: spelled, status: "1", similairy: "37" }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await jobRow(spelled)).toMatchObject({ status: 1, similarity: 37 });
    const both = await submit(client, siteId);
    await call("update-history", { uniqueId: both, status: 1, similarity: 5, similairy: 90 }, { cookie: admin.cookie });
    expect(await jobRow(both)).toMatchObject({ status: 1, similarity: 5 });
    const wrong = await submit(client, siteId);
    expect((await call("update-history", { uniqueId: wrong, status: 1, similairy: 101 }, { cookie: admin.cookie })).status).toBe(
      400,
    );
    expect(await jobRow(wrong)).toMatchObject({ status: 0, similarity: null });
  });

  it("answers 400 for done without similarity or with one out of 0..100, changing nothing", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await clientWithPoints(5);
    const admin = await createAdmin();
    const uniqueId = await submit(client, siteId);
    const mails = await countRows("outbox");
    const missing = await call("update-history", { uniqueId, status: 1 }, { cookie: admin.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'The field "similarity" is required.', code: "required", field: "similarity" });
    for (const similarity of [-1, 101, 4.5, "lots"]) {
      expect((await call("update-history", { uniqueId, status: 1, similarity }, { cookie: admin.cookie })).status).toBe(400);
    }
    expect((await call("update-history", { uniqueId, status: 0 }, { cookie: admin.cookie })).status).toBe(400);
    expect(await jobRow(uniqueId)).toMatchObject({ status: 0, similarity: null });
    expect(await countRows("outbox")).toBe(mails);
  });

  it("refunds a failed job exactly once, however often the failure is replayed", async () => {
    const { siteId } = await createJobSite({ price: 4 });
    const client = await clientWithPoints(10);
    const admin = await createAdmin();
    const uniqueId = await submit(client, siteId);
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 6, ledger: 6 });
    const replays = await Promise.all(
      [1, 2, 3].map(() => call("update-history", { uniqueId, status: 2 }, { cookie: admin.cookie })),
    );
    expect(replays.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(replays.find((r) => r.status === 409)!.body.code).toBe("job_finished");
    const later = await call("update-history", { uniqueId, status: 2 }, { cookie: admin.cookie });
    expect(later.status).toBe(409);
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 10, ledger: 10 });
    const refunds = await env.DB.prepare("SELECT delta, ref FROM quota_ledger WHERE userId = ?1 AND reason = 'refund'")
      .bind(client.userId)
      .all<{ delta: number; ref: string }>();
    expect(refunds.results).toEqual([{ delta: 4, ref: `refund:${uniqueId}` }]);
    expect((await mailsTo(client.email)).results.map((m) => m.mailKind)).toEqual(["job-failed"]);
  });

  it("mails the job's owner in their stored language, whoever finishes the job", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const admin = await createAdmin();
    const mailOf = async (email: string) =>
      (await env.DB.prepare("SELECT mailSubject, mailHtml FROM outbox WHERE toEmail = ?1 ORDER BY mailId DESC LIMIT 1")
        .bind(email)
        .first<{ mailSubject: string; mailHtml: string }>())!;
    const french = await clientWithPoints(5);
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(french.userId).run();
    const done = await submit(french, siteId);
    expect((await call("update-history", { uniqueId: done, status: 1, similarity: 7 }, { cookie: admin.cookie })).status).toBe(
      200,
    );
    const doneMail = await mailOf(french.email);
    expect(doneMail.mailSubject).toMatch(/^Votre résultat .* est prêt$/);
    expect(doneMail.mailHtml).toContain('lang="fr"');
    expect(doneMail.mailHtml).toContain("Similarité : 7 %");
    const arabic = await clientWithPoints(5);
    await env.DB.prepare("UPDATE users SET mailLanguage = 'ar' WHERE userId = ?1").bind(arabic.userId).run();
    const failed = await submit(arabic, siteId);
    expect((await call("update-history", { uniqueId: failed, status: 2 }, { cookie: admin.cookie })).status).toBe(200);
    const failedMail = await mailOf(arabic.email);
    expect(failedMail.mailSubject).toMatch(/^تعذّرت معالجة طلبك على /);
    expect(failedMail.mailHtml).toContain('dir="rtl"');
  });

  it("never changes a finished job again", async () => {
    const { siteId } = await createJobSite({ price: 2 });
    const client = await clientWithPoints(5);
    const admin = await createAdmin();
    const uniqueId = await submit(client, siteId);
    expect((await call("update-history", { uniqueId, status: 1, similarity: 5 }, { cookie: admin.cookie })).status).toBe(200);
    const fail = await call("update-history", { uniqueId, status: 2 }, { cookie: admin.cookie });
    expect(fail.status).toBe(409);
    expect(await balanceOf(client.userId)).toEqual({ userQuota: 3, ledger: 3 });
    expect(await jobRow(uniqueId)).toMatchObject({ status: 1, similarity: 5 });
  });

  it("is refused to clients, even on their own job, and to agents on jobs they did not claim", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const owner = await clientWithPoints(5);
    const other = await createUser();
    const uniqueId = await submit(owner, siteId);
    expect((await call("update-history", { uniqueId, status: 1, similarity: 1 }, { cookie: owner.cookie })).status).toBe(403);
    expect((await call("update-history", { uniqueId, status: 2 }, { cookie: other.cookie })).status).toBe(403);
    const idle = await createAgentKey("idle");
    expect((await call("update-history", { uniqueId, status: 2 }, { bearer: idle.key })).status).toBe(404);
    expect(await jobRow(uniqueId)).toMatchObject({ status: 0 });
    expect(await balanceOf(owner.userId)).toEqual({ userQuota: 4, ledger: 4 });
  });

  it("lets an agent finish the jobs it claimed, with a report", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await clientWithPoints(5);
    const uniqueId = await submit(client, siteId);
    const agent = await createAgentKey();
    const claimed = await call("claim-jobs", { siteId }, { bearer: agent.key });
    expect(claimed.body.jobs.map((j: { uniqueId: string }) => j.uniqueId)).toEqual([uniqueId]);
    const report = new File(["%PDF-1.7\nreport\n"], "result.pdf");
    const res = await callForm("update-history", { uniqueId, status: "1", similarity: "0", report }, { bearer: agent.key });
    expect(res.status).toBe(200);
    expect(await jobRow(uniqueId)).toMatchObject({ status: 1, similarity: 0, reportName: "result.pdf" });
    const audit = await env.DB.prepare("SELECT actorEmail FROM audit_log WHERE subjectId = ?1")
      .bind(uniqueId)
      .first<{ actorEmail: string }>();
    expect(audit!.actorEmail).toBe("api-key:test agent");
  });

  it("answers 404 for an unknown job and 415 for a report that is not a document", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await clientWithPoints(5);
    const admin = await createAdmin();
    const uniqueId = await submit(client, siteId);
    expect((await call("update-history", { uniqueId: "n".repeat(24), status: 2 }, { cookie: admin.cookie })).status).toBe(404);
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], "report.pdf");
    const res = await callForm(
      "update-history",
      { uniqueId, status: "1", similarity: "3", report: exe },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(415);
    expect(await jobRow(uniqueId)).toMatchObject({ status: 0, similarity: null });
  });
});
