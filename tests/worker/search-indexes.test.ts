import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cronTasks, runCron } from "../../worker/src/cron";
import { SEARCH_INDEXES } from "../../worker/src/db/search-indexes";
import worker from "../../worker/src/index";
import { SCHEDULES } from "../../worker/src/schedules";

type SearchIndex = (typeof SEARCH_INDEXES)[number];

/** The segments of an FTS5 index: its `_idx` table has a row per leaf page, each naming its segment. */
async function segmentsOf(table: SearchIndex): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(DISTINCT segid) AS n FROM ${table}_idx`).first<{ n: number }>();
  return row!.n;
}

/** Audit rows written one statement each, as the portal writes them: one new segment per write. */
async function auditRowsOneByOne(tag: string, count: number) {
  for (let i = 0; i < count; i++) {
    await env.DB.prepare(
      "INSERT INTO audit_log (action, actorEmail, subject, outcome, createdAt) VALUES (?1, 'merge@test.example', ?2, 'ok', ?3)",
    )
      .bind(`merge-check-${tag}`, `subject ${tag} ${i}`, new Date().toISOString())
      .run();
  }
}

const matchesOf = async (tag: string) =>
  (
    await env.DB.prepare("SELECT rowid FROM audit_log_fts WHERE audit_log_fts MATCH ?1 ORDER BY rowid DESC")
      .bind(`"merge-check-${tag}"`)
      .all<{ rowid: number }>()
  ).results.map((r) => r.rowid);

describe("search index upkeep (daily cron)", () => {
  it("merges every search index into one segment and finds the same rows after", async () => {
    await auditRowsOneByOne("daily", 30);
    const before = await matchesOf("daily");
    expect(before).toHaveLength(30);
    expect(await segmentsOf("audit_log_fts")).toBeGreaterThan(1);

    await runCron(env, SCHEDULES.daily);

    for (const table of SEARCH_INDEXES) expect(await segmentsOf(table), table).toBeLessThanOrEqual(1);
    expect(await matchesOf("daily")).toEqual(before);
  });

  it("is left to the daily trigger: the five-minute run does not merge", async () => {
    await auditRowsOneByOne("frequent", 12);
    const segments = await segmentsOf("audit_log_fts");
    expect(segments).toBeGreaterThan(1);
    await runCron(env, SCHEDULES.frequent);
    expect(await segmentsOf("audit_log_fts")).toBe(segments);
  });

  it("every cron trigger has a task", () => {
    for (const schedule of Object.values(SCHEDULES)) {
      expect(
        cronTasks.some((task) => task.schedule === schedule),
        schedule,
      ).toBe(true);
    }
  });

  it("runs from the scheduled handler with the daily cron", async () => {
    await auditRowsOneByOne("handler", 12);
    expect(await segmentsOf("audit_log_fts")).toBeGreaterThan(1);
    const exec = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: SCHEDULES.daily }), env, exec);
    await waitOnExecutionContext(exec);
    expect(await segmentsOf("audit_log_fts")).toBe(1);
    expect(await matchesOf("handler")).toHaveLength(12);
  });
});
