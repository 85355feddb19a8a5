import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { ORPHAN_AGE_MS, sweepOrphanedFiles } from "../../worker/src/domain/storage/sweep";
import { callForm, createJobSite, createUser, pdfFile } from "./helpers";

const db = () => getDb(env.DB);
const dayLater = () => new Date(Date.now() + ORPHAN_AGE_MS + 60_000);
const stored = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key).sort();

/** A binding whose `method` fails, everything else as it is. */
function failing<T extends object>(binding: T, method: string, because: string): T {
  return new Proxy(binding, {
    get(target, prop) {
      if (prop === method) return () => Promise.reject(new Error(because));
      // A request runs its D1 calls in a session of the binding (decision 0001): that fails the same way.
      if (prop === "withSession")
        return (...args: unknown[]) =>
          failing((target as unknown as D1Database).withSession(...(args as [string])), method, because);
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Bindings of a process that dies after the R2 put: its batch never lands, and neither does its cleanup. */
const dyingAfterPut = (): Env => ({
  ...env,
  DB: failing(env.DB, "batch", "the isolate died"),
  FILES: failing(env.FILES, "delete", "the isolate died"),
});

async function clearSweep() {
  await env.DB.prepare("DELETE FROM sweep_cursors").run();
  const listed = await env.FILES.list();
  if (listed.objects.length) await env.FILES.delete(listed.objects.map((o) => o.key));
}

describe("the daily sweep of orphaned R2 objects (issue 30)", () => {
  it("removes a document a dying submit-job left behind once it is a day old, and keeps what rows name", async () => {
    await clearSweep();
    const site = await createJobSite({ price: 0 });
    const client = await createUser();
    const kept = await callForm(
      "submit-job",
      { siteId: String(site.siteId), file: pdfFile("kept.pdf") },
      { cookie: client.cookie },
    );
    expect(kept.status).toBe(200);
    const died = await callForm(
      "submit-job",
      { siteId: String(site.siteId), file: pdfFile("lost.pdf") },
      { cookie: client.cookie, env: dyingAfterPut() },
    );
    expect(died.status).toBe(500);
    const documents = await stored("documents/");
    expect(documents).toHaveLength(2);
    const named = await env.DB.prepare("SELECT fileKey FROM history WHERE userId = ?1")
      .bind(client.userId)
      .first<{ fileKey: string }>();

    // Too young: left alone (its row may be on its way).
    expect((await sweepOrphanedFiles(env.FILES, db())).removed).toEqual([]);
    const swept = await sweepOrphanedFiles(env.FILES, db(), { now: dayLater() });
    expect(swept.removed).toEqual(documents.filter((key) => key !== named!.fileKey));
    expect(await stored("documents/")).toEqual([named!.fileKey]);
  });

  it("keeps named reports, removes orphaned ones, and never touches other prefixes", async () => {
    await clearSweep();
    const client = await createUser();
    await env.DB.prepare(
      `INSERT INTO history (uniqueId, userId, siteName, fileName, fileKey, reportName, reportKey, pointsSpent, status, similarity)
       VALUES (?1, ?2, 'Site', 'a.pdf', 'documents/named.pdf', 'r.pdf', 'reports/named.pdf', 0, 1, 10)`,
    )
      .bind("u".repeat(24), client.userId)
      .run();
    for (const key of ["documents/named.pdf", "reports/named.pdf", "reports/orphan.pdf", "proofs/p.png", "images/i.png"]) {
      await env.FILES.put(key, "x");
    }
    const swept = await sweepOrphanedFiles(env.FILES, db(), { now: dayLater() });
    expect(swept.removed).toEqual(["reports/orphan.pdf"]);
    expect(await stored("")).toEqual(["documents/named.pdf", "images/i.png", "proofs/p.png", "reports/named.pdf"]);
  });

  it("does bounded work per run and goes on from where the last run stopped", async () => {
    await clearSweep();
    const orphans = ["documents/a.pdf", "documents/b.pdf", "documents/c.pdf", "documents/d.pdf", "documents/e.pdf"];
    for (const key of orphans) await env.FILES.put(key, "x");
    const first = await sweepOrphanedFiles(env.FILES, db(), { now: dayLater(), batch: 2 });
    expect(first.removed).toEqual(["documents/a.pdf", "documents/b.pdf"]);
    const second = await sweepOrphanedFiles(env.FILES, db(), { now: dayLater(), batch: 2 });
    expect(second.removed).toEqual(["documents/c.pdf", "documents/d.pdf"]);
    const third = await sweepOrphanedFiles(env.FILES, db(), { now: dayLater(), batch: 2 });
    expect(third.removed).toEqual(["documents/e.pdf"]);
    expect(await stored("documents/")).toEqual([]);
    // The end reached, the next run starts over from the first key.
    await env.FILES.put("documents/0.pdf", "x");
    expect((await sweepOrphanedFiles(env.FILES, db(), { now: dayLater(), batch: 2 })).removed).toEqual(["documents/0.pdf"]);
  });
});
