import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { archiveOldRows, retentionCutoff } from "../../worker/src/domain/archive/move";
import { readJsonLines } from "../../worker/src/domain/archive/jsonl";
import { runArchiveErasures } from "../../worker/src/domain/archive/erase";
import type { ArchivedRow } from "../../worker/src/domain/archive/tables";
import { call, createAdmin, createUser } from "./helpers";

/** Retention to R2 (issue 42 item 4, docs/decisions/0025-archive.md). */

const OLD_DAY = "2020-03-04";
const OLD = `${OLD_DAY}T10:00:00.000Z`;
const archive = (options: { bucket?: R2Bucket; d1?: D1Database; batch?: number } = {}) =>
  archiveOldRows({
    d1: options.d1 ?? env.DB,
    bucket: options.bucket ?? env.FILES,
    retentionMonths: 13,
    batch: options.batch ?? 2,
  });

/**
 * Old rows take an id below every other row's, as rows written years ago would have: the step walks the
 * oldest ids first and stops at the first row young enough to stay.
 */
const olderId = (table: string, id: string) => `(SELECT coalesce(min(${id}), 1000000) - 1 FROM ${table})`;

let sequence = 0;
async function oldJob(userId: number, opts: { status?: 0 | 1 | 2; createdAt?: string; report?: string } = {}) {
  const uniqueId = `archive-test-job-${Date.now()}-${++sequence}`.padEnd(24, "x");
  const status = opts.status ?? 1;
  const reportKey = opts.report === undefined ? null : `reports/${uniqueId}.pdf`;
  if (reportKey) await env.FILES.put(reportKey, opts.report!);
  const row = await env.DB.prepare(
    `INSERT INTO history (historyId, uniqueId, userId, siteName, fileName, fileKey, reportName, reportKey, pointsSpent, status, similarity, createdAt, updatedAt)
     VALUES (${opts.createdAt && opts.createdAt > OLD ? "NULL" : olderId("history", "historyId")}, ?1, ?2, 'Old site', 'essay.pdf', ?3, ?4, ?5, 1, ?6, ?7, ?8, ?8) RETURNING historyId`,
  )
    .bind(
      uniqueId,
      userId,
      `documents/${uniqueId}.pdf`,
      reportKey ? "report.pdf" : null,
      reportKey,
      status,
      status === 1 ? 12 : null,
      opts.createdAt ?? OLD,
    )
    .first<{ historyId: number }>();
  return { uniqueId, historyId: row!.historyId };
}

const oldMail = (to: string, status: "sent" | "queued") =>
  env.DB.prepare(
    `INSERT INTO outbox (mailId, toEmail, mailKind, mailSubject, mailBody, status, createdAt) VALUES (${olderId("outbox", "mailId")}, ?1, 'receipt', 'Receipt', 'secret link', ?2, ?3) RETURNING mailId`,
  )
    .bind(to, status, OLD)
    .first<{ mailId: number }>();

const oldAudit = (actorId: number, email: string) =>
  env.DB.prepare(
    `INSERT INTO audit_log (auditId, actorId, actorEmail, action, subject, subjectId, detail, ip, createdAt) VALUES (${olderId("audit_log", "auditId")}, ?1, ?2, 'login', 'User', ?1, ?3, '198.51.100.7', ?4) RETURNING auditId`,
  )
    .bind(actorId, email, JSON.stringify({ email }), OLD)
    .first<{ auditId: number }>();

const oldNotification = (userId: number) =>
  env.DB.prepare(
    `INSERT INTO notifications (notificationId, userId, kind, occasion, link, createdAt) VALUES (${olderId("notifications", "notificationId")}, ?1, 'job-done', ?2, '/history', ?3) RETURNING notificationId`,
  )
    .bind(userId, `archive-test-${++sequence}`, OLD)
    .first<{ notificationId: number }>();

/** Every row of a table in the archive's objects, by id (a duplicate shows as a count over 1). */
async function archivedIds(table: string, id: string): Promise<Map<number, number>> {
  const listed = await env.FILES.list({ prefix: `archive/${table}/` });
  const seen = new Map<number, number>();
  for (const object of listed.objects) {
    for (const row of (await readJsonLines(env.FILES, object.key)) ?? []) {
      const rowId = Number(row[id]);
      seen.set(rowId, (seen.get(rowId) ?? 0) + 1);
    }
  }
  return seen;
}

async function archivedRows(table: string): Promise<ArchivedRow[]> {
  const listed = await env.FILES.list({ prefix: `archive/${table}/` });
  const rows = await Promise.all(listed.objects.map(async (o) => (await readJsonLines(env.FILES, o.key)) ?? []));
  return rows.flat();
}

const stillInD1 = async (table: string, id: string, ids: number[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${id} IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .first<{ n: number }>())!.n;

/** A binding whose `method` fails, as a process killed at that point would leave things. */
function failing<T extends object>(binding: T, method: string): T {
  return new Proxy(binding, {
    get(target, prop) {
      if (prop === method) return () => Promise.reject(new Error("the isolate died"));
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("the archive cron step", () => {
  it("moves finished rows older than the retention once, whole months, and keeps the dashboard's roll-ups", async () => {
    const client = await createUser();
    const jobs = [await oldJob(client.userId), await oldJob(client.userId, { status: 2 }), await oldJob(client.userId)];
    const queued = await oldJob(client.userId, { status: 0 });
    const recent = await oldJob(client.userId, { createdAt: new Date().toISOString() });
    const sent = await oldMail(client.email, "sent");
    const waiting = await oldMail(client.email, "queued");
    const audited = await oldAudit(client.userId, client.email);
    const notified = await oldNotification(client.userId);
    const statsBefore = await env.DB.prepare("SELECT jobsCreated, jobsDone FROM daily_stats WHERE day = ?1")
      .bind(OLD_DAY)
      .first();

    await archive();
    await archive();

    const historyIds = await archivedIds("history", "historyId");
    for (const job of jobs) expect(historyIds.get(job.historyId)).toBe(1);
    expect(historyIds.has(queued.historyId)).toBe(false);
    expect(historyIds.has(recent.historyId)).toBe(false);
    expect(
      await stillInD1(
        "history",
        "historyId",
        jobs.map((j) => j.historyId),
      ),
    ).toBe(0);
    expect(await stillInD1("history", "historyId", [queued.historyId, recent.historyId])).toBe(2);
    expect((await archivedIds("outbox", "mailId")).get(sent!.mailId)).toBe(1);
    expect(await stillInD1("outbox", "mailId", [waiting!.mailId])).toBe(1);
    expect((await archivedIds("audit_log", "auditId")).get(audited!.auditId)).toBe(1);
    expect((await archivedIds("notifications", "notificationId")).get(notified!.notificationId)).toBe(1);
    const keys = (await env.FILES.list({ prefix: "archive/history/" })).objects.map((o) => o.key);
    expect(keys.every((key) => /^archive\/history\/2020-03\/\d+-\d+-[0-9a-z]+\.jsonl\.gz$/.test(key))).toBe(true);
    expect(await env.DB.prepare("SELECT jobsCreated, jobsDone FROM daily_stats WHERE day = ?1").bind(OLD_DAY).first()).toEqual(
      statsBefore,
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM archive_chunks WHERE state = 'pending'").first("n")).toBe(0);
  });

  it("killed before the R2 put or before the D1 batch, the next run leaves every row in R2 exactly once", async () => {
    const client = await createUser();
    const jobs = [await oldJob(client.userId), await oldJob(client.userId), await oldJob(client.userId)];
    const ids = jobs.map((j) => j.historyId);

    await expect(archive({ bucket: failing(env.FILES, "put") })).rejects.toThrow("the isolate died");
    expect(await stillInD1("history", "historyId", ids)).toBe(3);
    await expect(archive({ d1: failing(env.DB, "batch") })).rejects.toThrow("the isolate died");
    expect(await stillInD1("history", "historyId", ids)).toBe(3);
    // Rows that turn old meanwhile do not change the pending chunk's rows or key.
    await oldJob(client.userId, { createdAt: "2020-02-01T00:00:00.000Z" });

    await archive();
    await archive();
    const seen = await archivedIds("history", "historyId");
    for (const id of ids) expect(seen.get(id)).toBe(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(await stillInD1("history", "historyId", ids)).toBe(0);
  });

  it("cuts at the first instant of the month the retention names", () => {
    expect(retentionCutoff(13, new Date("2026-12-02T01:00:00Z"))).toBe("2025-11-01T00:00:00.000Z");
  });
});

describe("archived rows and their owner", () => {
  it("an archived job stays downloadable by its owner only", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createAdmin();
    const job = await oldJob(owner.userId, { report: "the old report" });
    await archive({ batch: 50 });
    await archive({ batch: 50 });
    expect(await stillInD1("history", "historyId", [job.historyId])).toBe(0);

    const mine = await call("download", { kind: "report", id: job.uniqueId }, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toBe("the old report");
    expect((await call("download", { kind: "report", id: job.uniqueId }, { cookie: other.cookie })).status).toBe(404);
    expect((await call("download", { kind: "report", id: job.uniqueId }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("export-my-data includes the archived rows, and closing the account erases them from R2", async () => {
    const client = await createUser();
    const job = await oldJob(client.userId, { report: "report to erase" });
    const mail = await oldMail(client.email, "sent");
    const audited = await oldAudit(client.userId, client.email);
    const notified = await oldNotification(client.userId);
    await archive({ batch: 50 });
    await archive({ batch: 50 });
    expect(await stillInD1("history", "historyId", [job.historyId])).toBe(0);
    expect(await stillInD1("outbox", "mailId", [mail!.mailId])).toBe(0);
    expect(await stillInD1("audit_log", "auditId", [audited!.auditId])).toBe(0);
    expect(await stillInD1("notifications", "notificationId", [notified!.notificationId])).toBe(0);

    const exported = await call("export-my-data", {}, { cookie: client.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body.jobs.map((j: { uniqueId: string }) => j.uniqueId)).toContain(job.uniqueId);
    expect(exported.body.audit.some((a: { createdAt: string; byYou: boolean }) => a.createdAt === OLD && a.byYou)).toBe(true);
    expect(exported.body.notifications.some((n: { createdAt: string }) => n.createdAt === OLD)).toBe(true);

    expect((await call("close-account", { password: client.password }, { cookie: client.cookie })).status).toBe(200);
    const history = (await archivedRows("history")).find((row) => row.uniqueId === job.uniqueId);
    expect(history).toMatchObject({ fileName: "", fileKey: "", reportName: null, reportKey: null, pointsSpent: 1 });
    expect(await env.FILES.head(`reports/${job.uniqueId}.pdf`)).toBeNull();
    expect((await archivedRows("outbox")).filter((row) => row.toEmail === client.email)).toEqual([]);
    expect((await archivedRows("notifications")).filter((row) => row.userId === client.userId)).toEqual([]);
    const auditRow = (await archivedRows("audit_log")).find((row) => row.actorId === client.userId);
    expect(auditRow).toMatchObject({ actorEmail: "", ip: "" });
    expect(String(auditRow!.detail)).not.toContain(client.email);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM archive_jobs WHERE userId = ?1").bind(client.userId).first("n")).toBe(
      0,
    );
    // Done at once: the erasure, which holds the address, is gone too.
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM archive_erasures WHERE userId = ?1").bind(client.userId).first("n"),
    ).toBe(0);
  });
});

describe("an erasure the closure could not finish", () => {
  it("stays in D1 until the cron's pass rewrites the objects", async () => {
    const client = await createUser();
    await oldNotification(client.userId);
    await archive({ batch: 50 });
    const closed = await call(
      "close-account",
      { password: client.password },
      { cookie: client.cookie, env: { ...env, FILES: failing(env.FILES, "put") } },
    );
    expect(closed.status).toBe(200);
    const erasures = () =>
      env.DB.prepare("SELECT count(*) AS n FROM archive_erasures WHERE userId = ?1").bind(client.userId).first("n");
    expect(await erasures()).toBe(1);
    expect((await archivedRows("notifications")).some((row) => row.userId === client.userId)).toBe(true);

    await runArchiveErasures(env.DB, env.FILES);
    expect((await archivedRows("notifications")).some((row) => row.userId === client.userId)).toBe(false);
    expect(await erasures()).toBe(0);
  });
});

describe("search-archive", () => {
  it("staff read a month's rows, filtered, without mail bodies; clients are refused; a bad month is a 400", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    await oldMail(client.email, "sent");
    await archive({ batch: 50 });

    const found = await call(
      "search-archive",
      { table: "outbox", month: "2020-03", q: client.email.toUpperCase() },
      { cookie: admin.cookie },
    );
    expect(found.status).toBe(200);
    expect(found.body.months).toContainEqual({ month: "2020-03", rows: expect.any(Number) });
    expect(found.body.rows).toHaveLength(1);
    expect(found.body.rows[0].fields).toMatchObject({ toEmail: client.email, mailSubject: "Receipt" });
    expect(found.body.rows[0].fields).not.toHaveProperty("mailBody");
    const newest = await call("search-archive", { table: "outbox" }, { cookie: admin.cookie });
    expect(newest.body.month).toBe("2020-03");
    expect(newest.body.rows.some((row: { fields: { toEmail: string } }) => row.fields.toEmail === client.email)).toBe(true);
    const none = await call("search-archive", { table: "outbox", month: "2020-04" }, { cookie: admin.cookie });
    expect(none.body.rows).toEqual([]);
    expect((await call("search-archive", { table: "outbox", month: "2020-03" }, { cookie: client.cookie })).status).toBe(403);
    const bad = await call("search-archive", { table: "outbox", month: "2020-13" }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });
});
