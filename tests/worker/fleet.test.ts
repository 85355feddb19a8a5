import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { DEFAULT_THRESHOLDS, sendFleetAlerts } from "../../worker/src/domain/fleet/alerts";
import { call, callForm, createAdmin, createAgentKey, createJobSite, createUser, pdfFile, type TestUser } from "./helpers";

const MINUTE = 60_000;
const french = `language=${encodeURIComponent(JSON.stringify("fr"))}`;
const iso = (ms: number) => new Date(ms).toISOString();
let jobNumber = 0;

interface SeededJob {
  vendorId: number;
  siteId: number;
  status: 0 | 1 | 2;
  /** Minutes from submission to finish (finished jobs). */
  minutes?: number;
  /** When it finished (or, queued, when it was submitted). */
  at: number;
  claimedAt?: number;
}

/** Jobs written straight into history, with the times a test needs (the roll-up triggers still run). */
async function seedJobs(userId: number, jobs: SeededJob[]) {
  await env.DB.batch(
    jobs.map((job) => {
      const createdAt = job.at - (job.minutes ?? 0) * MINUTE;
      return env.DB.prepare(
        `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, fileName, fileKey, pointsSpent, status, similarity,
           claimedAt, claimedBy, createdAt, updatedAt)
         VALUES (?1, ?2, ?3, ?4, 'Seeded', 'seeded.pdf', 'files/seeded', 1, ?5, ?6, ?7, ?8, ?9, ?10)`,
      ).bind(
        `fleet-seeded-job-${String(++jobNumber).padStart(8, "0")}`,
        userId,
        job.siteId,
        job.vendorId,
        job.status,
        job.status === 1 ? 10 : null,
        job.claimedAt === undefined ? null : iso(job.claimedAt),
        job.claimedAt === undefined ? null : "user:1",
        iso(createdAt),
        iso(job.at),
      );
    }),
  );
}

describe("fleet-status", () => {
  let admin: TestUser;
  let owner: TestUser;
  let site: Awaited<ReturnType<typeof createJobSite>>;
  beforeAll(async () => {
    admin = await createAdmin();
    owner = await createUser();
    site = await createJobSite({ vendors: 2 });
    const [a, b] = site.vendors.map((v) => v.vendorId) as [number, number];
    const now = Date.now();
    const finishedAt = now - 3 * 60 * MINUTE;
    await seedJobs(owner.userId, [
      // Account A: two waiting, one claimed now, one whose claim (2 hours old) has lapsed.
      { vendorId: a, siteId: site.siteId, status: 0, at: now - 10 * MINUTE },
      { vendorId: a, siteId: site.siteId, status: 0, at: now - 9 * MINUTE },
      { vendorId: a, siteId: site.siteId, status: 0, at: now - 8 * MINUTE, claimedAt: now - 5 * MINUTE },
      { vendorId: a, siteId: site.siteId, status: 0, at: now - 3 * 60 * MINUTE, claimedAt: now - 2 * 60 * MINUTE },
      // In the last 24 hours: done in 10, 20 and 40 minutes, failed after 30; two days ago, one more.
      { vendorId: a, siteId: site.siteId, status: 1, minutes: 10, at: finishedAt },
      { vendorId: a, siteId: site.siteId, status: 1, minutes: 20, at: finishedAt },
      { vendorId: a, siteId: site.siteId, status: 1, minutes: 40, at: finishedAt },
      { vendorId: a, siteId: site.siteId, status: 2, minutes: 30, at: finishedAt },
      { vendorId: a, siteId: site.siteId, status: 1, minutes: 100, at: now - 48 * 60 * MINUTE },
      // Account B: done in 5 and 7 minutes.
      { vendorId: b, siteId: site.siteId, status: 1, minutes: 5, at: finishedAt },
      { vendorId: b, siteId: site.siteId, status: 1, minutes: 7, at: finishedAt },
    ]);
  });

  it("answers each account's queue, 24-hour figures, failure rate and median minutes", async () => {
    const res = await call("fleet-status", { siteId: site.siteId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const [a, b] = site.vendors;
    expect(res.body.vendors).toEqual([
      {
        vendorId: a!.vendorId,
        vendorName: "Vendor 0",
        siteId: site.siteId,
        siteName: expect.any(String),
        active: true,
        queued: 3,
        claimed: 1,
        done24h: 3,
        failed24h: 1,
        failureRate: 0.25,
        medianMinutes: 25,
        lastUsedAt: "2020-01-01T00:00:00.000Z",
      },
      {
        vendorId: b!.vendorId,
        vendorName: "Vendor 1",
        siteId: site.siteId,
        siteName: expect.any(String),
        active: true,
        queued: 0,
        claimed: 0,
        done24h: 2,
        failed24h: 0,
        failureRate: 0,
        medianMinutes: 6,
        lastUsedAt: "2020-01-02T00:00:00.000Z",
      },
    ]);
  });

  it("lists every site's accounts without a filter, and an account with no jobs has no rate or median", async () => {
    const other = await createJobSite({ vendors: 1 });
    const res = await call("fleet-status", {}, { cookie: admin.cookie });
    const idle = res.body.vendors.find((v: { vendorId: number }) => v.vendorId === other.vendors[0]!.vendorId);
    expect(idle).toMatchObject({ siteId: other.siteId, queued: 0, done24h: 0, failureRate: null, medianMinutes: null });
    expect(res.body.vendors.length).toBeGreaterThanOrEqual(3);
  });

  it("is for staff: a client is refused", async () => {
    const res = await call("fleet-status", {}, { cookie: owner.cookie });
    expect(res.status).toBe(403);
  });

  it("reads a bounded number of rows in one round trip with 100,000 jobs in history", async () => {
    const big = await createJobSite({ vendors: 1 });
    const vendorId = big.vendors[0]!.vendorId;
    // 100,000 jobs finished over the past year, none in the last 24 hours, written in one statement.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
       INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, fileName, fileKey, pointsSpent, status, similarity,
         createdAt, updatedAt)
       SELECT printf('fleet-bulk-job-%012d', i), ?1, ?2, ?3, 'Bulk', 'bulk.pdf', 'files/bulk', 1, 1 + (i % 2), iif(i % 2 = 0, 10, NULL),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-9 days', printf('-%d minutes', i * 5)),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-9 days', printf('-%d minutes', i * 5 - 3))
       FROM n`,
    )
      .bind(owner.userId, big.siteId, vendorId)
      .run();
    await call("fleet-status", {}, { cookie: admin.cookie });
    const res = await call("fleet-status", {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.vendors.find((v: { vendorId: number }) => v.vendorId === vendorId)).toMatchObject({ done24h: 0 });
    expect(res.usage!.rowsRead).toBeLessThanOrEqual(2_000);
    expect(res.usage!.roundTrips).toBe(1);
  }, 120_000);
});

describe("pause and resume", () => {
  let admin: TestUser;
  let agent: string;
  beforeAll(async () => {
    admin = await createAdmin();
    agent = (await createAgentKey()).key;
  });

  async function submitJob(siteId: number) {
    const client = await createUser({ quota: 50 });
    const res = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT uniqueId FROM history WHERE historyId = ?1")
      .bind(res.body.history.historyId)
      .first<{ uniqueId: string }>();
    return row!.uniqueId;
  }

  it("a paused account gets no claim, its claimed job still finishes, and resuming gives claims again", async () => {
    const { siteId, vendors } = await createJobSite({ price: 1 });
    const vendorId = vendors[0]!.vendorId;
    const claimedFirst = await submitJob(siteId);
    const first = await call("claim-jobs", { siteId, limit: 5 }, { bearer: agent });
    expect(first.body.jobs.map((j: { uniqueId: string }) => j.uniqueId)).toEqual([claimedFirst]);
    const waiting = await submitJob(siteId);

    const paused = await call("pause-vendor", { vendorId }, { cookie: admin.cookie });
    expect(paused.status).toBe(200);
    expect(paused.body.vendor).toMatchObject({ vendorId, active: false, queued: 1, claimed: 1 });
    const none = await call("claim-jobs", { siteId, limit: 5 }, { bearer: agent });
    expect(none.status).toBe(200);
    expect(none.body.jobs).toEqual([]);
    const finished = await call("update-history", { uniqueId: claimedFirst, status: 1, similarity: 12 }, { bearer: agent });
    expect(finished.status).toBe(200);
    // The site has no active account now: a new job is refused, as before.
    const client = await createUser({ quota: 50 });
    const refused = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(refused.status).toBe(409);

    const resumed = await call("resume-vendor", { vendorId }, { cookie: admin.cookie });
    expect(resumed.status).toBe(200);
    expect(resumed.body.vendor).toMatchObject({ active: true });
    const again = await call("claim-jobs", { siteId, limit: 5 }, { bearer: agent });
    expect(again.body.jobs.map((j: { uniqueId: string }) => j.uniqueId)).toEqual([waiting]);

    const audit = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE subject = 'Vendor' AND subjectId = ?1 AND action IN ('pause-vendor', 'resume-vendor') ORDER BY auditId",
    )
      .bind(String(vendorId))
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["pause-vendor", "resume-vendor"]);
  });

  it("refuses a second pause or a resume of an active account with a 409 that changes nothing", async () => {
    const { vendors } = await createJobSite();
    const vendorId = vendors[0]!.vendorId;
    const notPaused = await call("resume-vendor", { vendorId }, { cookie: `${admin.cookie}; ${french}` });
    expect(notPaused.status).toBe(409);
    expect(notPaused.body).toMatchObject({ code: "not_paused" });
    expect(notPaused.body.error).toBe("Ce compte fournisseur n’est pas en pause.");
    await call("pause-vendor", { vendorId }, { cookie: admin.cookie });
    const twice = await call("pause-vendor", { vendorId }, { cookie: admin.cookie });
    expect(twice.status).toBe(409);
    const audits = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE subjectId = ?1 AND action LIKE '%-vendor'")
      .bind(String(vendorId))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
    expect((await call("pause-vendor", { vendorId: 999_999 }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("is for staff: a client cannot pause", async () => {
    const { vendors } = await createJobSite();
    const client = await createUser();
    const res = await call("pause-vendor", { vendorId: vendors[0]!.vendorId }, { cookie: client.cookie });
    expect(res.status).toBe(403);
    const row = await env.DB.prepare("SELECT vendorIsActive FROM vendor_accounts WHERE vendorId = ?1")
      .bind(vendors[0]!.vendorId)
      .first<{ vendorIsActive: number }>();
    expect(row!.vendorIsActive).toBe(1);
  });
});

describe("fleet alerts", () => {
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    admin = await createAdmin();
    owner = await createUser();
  });

  const run = (now: number) =>
    sendFleetAlerts({
      db: getDb(env.DB),
      d1: env.DB,
      portal: { siteName: "Edge Portal", origin: "https://portal.test" },
      thresholds: DEFAULT_THRESHOLDS,
      claimCutoff: iso(now - 30 * MINUTE),
      now,
    });

  async function alertsOf(occasionPrefix: string) {
    const notes = await env.DB.prepare("SELECT kind, link FROM notifications WHERE userId = ?1 AND occasion LIKE ?2")
      .bind(admin.userId, `${occasionPrefix}%`)
      .all<{ kind: string; link: string }>();
    const mails = await env.DB.prepare("SELECT mailKind, mailSubject FROM outbox WHERE toEmail = ?1 AND mailKind LIKE 'fleet-%'")
      .bind(admin.email)
      .all<{ mailKind: string; mailSubject: string }>();
    return { notes: notes.results, mails: mails.results };
  }

  it("alerts staff once an hour about an account failing more than half of at least 5 jobs in an hour", async () => {
    const now = Date.now();
    const failing = await createJobSite({ vendors: 3 });
    const [bad, few, fine] = failing.vendors.map((v) => v.vendorId) as [number, number, number];
    const finished = (vendorId: number, failed: number, done: number): SeededJob[] => [
      ...Array.from({ length: failed }, (): SeededJob => ({
        vendorId,
        siteId: failing.siteId,
        status: 2,
        minutes: 3,
        at: now - 20 * MINUTE,
      })),
      ...Array.from({ length: done }, (): SeededJob => ({
        vendorId,
        siteId: failing.siteId,
        status: 1,
        minutes: 3,
        at: now - 20 * MINUTE,
      })),
    ];
    // 4 of 6 failed: alerts. 4 of 4 failed is under 5 jobs; 3 of 6 failed is not more than half.
    await seedJobs(owner.userId, [...finished(bad, 4, 2), ...finished(few, 4, 0), ...finished(fine, 3, 3)]);

    expect(await run(now)).toBe(1);
    const first = await alertsOf("fleet-failing:");
    expect(first.notes).toEqual([{ kind: "fleet-failing", link: "/apps/logistics/fleet" }]);
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]!.mailSubject).toContain("Vendor 0");
    const occasion = await env.DB.prepare("SELECT occasion FROM notifications WHERE userId = ?1 AND kind = 'fleet-failing'")
      .bind(admin.userId)
      .first<{ occasion: string }>();
    expect(occasion!.occasion.startsWith(`fleet-failing:${bad}:`)).toBe(true);

    // Five minutes later the account still fails: no second alert within the hour.
    expect(await run(now + 5 * MINUTE)).toBe(0);
    expect((await alertsOf("fleet-failing:")).notes).toHaveLength(1);

    // An hour on, new failures: it alerts again.
    const later = now + 61 * MINUTE;
    await seedJobs(owner.userId, [
      ...Array.from({ length: 5 }, (): SeededJob => ({
        vendorId: bad,
        siteId: failing.siteId,
        status: 2,
        minutes: 1,
        at: later - MINUTE,
      })),
    ]);
    expect(await run(later)).toBe(1);
    const second = await alertsOf("fleet-failing:");
    expect(second.notes).toHaveLength(2);
    expect(second.mails).toHaveLength(2);
  });

  it("alerts once about a site whose jobs wait while none of its accounts is active", async () => {
    const now = Date.now() + 3 * 60 * MINUTE;
    const stranded = await createJobSite({ vendors: 1 });
    await seedJobs(owner.userId, [
      { vendorId: stranded.vendors[0]!.vendorId, siteId: stranded.siteId, status: 0, at: now - MINUTE },
    ]);
    // With its account active, nothing is wrong.
    expect(await run(now)).toBe(0);
    await call("pause-vendor", { vendorId: stranded.vendors[0]!.vendorId }, { cookie: admin.cookie });
    expect(await run(now)).toBe(1);
    expect(await run(now + MINUTE)).toBe(0);
    const { notes } = await alertsOf(`fleet-no-vendor:${stranded.siteId}:`);
    expect(notes).toEqual([{ kind: "fleet-no-vendor", link: "/apps/logistics/fleet" }]);
  });
});

describe("fleet-pipeline", () => {
  it("answers each day's queued, done, failed and mean minutes to finish from the roll-ups", async () => {
    const admin = await createAdmin();
    const owner = await createUser();
    const { siteId, vendors } = await createJobSite();
    const vendorId = vendors[0]!.vendorId;
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const at = (hh: string) => Date.parse(`${day}T${hh}:00:00.000Z`);
    await seedJobs(owner.userId, [
      { vendorId, siteId, status: 0, at: at("09") },
      { vendorId, siteId, status: 0, at: at("09") },
    ]);
    // Two of the day's jobs finish as the agent finishes them (the trigger times them): 30 and 90 minutes.
    await env.DB.prepare(
      `UPDATE history SET status = 1, similarity = 5, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', createdAt, '+30 minutes')
       WHERE historyId = (SELECT min(historyId) FROM history WHERE siteId = ?1)`,
    )
      .bind(siteId)
      .run();
    await env.DB.prepare(
      `UPDATE history SET status = 2, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', createdAt, '+90 minutes')
       WHERE historyId = (SELECT max(historyId) FROM history WHERE siteId = ?1)`,
    )
      .bind(siteId)
      .run();
    await seedJobs(owner.userId, [{ vendorId, siteId, status: 0, at: at("10") }]);

    const res = await call("fleet-pipeline", { range: 7 }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(7);
    const i = res.body.days.indexOf(day);
    expect(i).toBe(1);
    expect([res.body.queued[i], res.body.done[i], res.body.failed[i], res.body.finishMinutes[i]]).toEqual([1, 1, 1, 60]);
    expect(res.body.finishMinutes[0]).toBeNull();

    // A finished job deleted (account closure, archiving) leaves the day's time to finish.
    await env.DB.prepare(
      "DELETE FROM history WHERE historyId = (SELECT max(historyId) FROM history WHERE siteId = ?1 AND status = 2)",
    )
      .bind(siteId)
      .run();
    const after = await call("fleet-pipeline", { range: 7 }, { cookie: admin.cookie });
    expect([after.body.done[i], after.body.failed[i], after.body.finishMinutes[i]]).toEqual([1, 0, 30]);
  });
});
