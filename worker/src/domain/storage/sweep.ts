import { sql } from "kysely";
import type { DB } from "../../db";
import { DEFAULT_RETENTION_MONTHS, retentionCutoff } from "../archive/move";

/**
 * The daily sweep of orphaned R2 objects (issue 30). A job's document is put in R2 before the batch that
 * records the job, and a report before the batch that finishes it; a process that dies between the two
 * leaves an object no row names (a failed batch deletes its object itself). The sweep removes such
 * objects once they are a day old, so nothing being recorded right now is touched. A ticket's files
 * (decision 0032) are swept the same way against ticket_attachments.
 *
 * Bounded work per run: at most SWEEP_BATCH objects listed per prefix, then one statement per prefix
 * reads which of them the history (or ticket_attachments) names (one pass over the table: a daily cost
 * of about as many rows read as it holds, rather than an index every job would pay to write). Where it stopped
 * is kept in `sweep_cursors`, so the next run goes on from there and starts over at the end.
 */

/** The prefixes swept, and the table and column that name their objects. */
const SWEPT = [
  { prefix: "documents/", table: "history", column: "fileKey", archived: true },
  { prefix: "reports/", table: "history", column: "reportKey", archived: true },
  // A ticket's files are put before the reply's batch (decision 0032), as a job's document is.
  { prefix: "tickets/", table: "ticket_attachments", column: "fileKey", archived: false },
] as const;

export const SWEEP_BATCH = 500;
/** Objects younger than this are left alone: their row may be on its way. */
export const ORPHAN_AGE_MS = 24 * 3600_000;

export interface SweepResult {
  listed: number;
  removed: string[];
}

export async function sweepOrphanedFiles(
  bucket: R2Bucket,
  db: DB,
  opts: { now?: Date; batch?: number; retentionMonths?: number } = {},
): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const result: SweepResult = { listed: 0, removed: [] };
  // An archived job's files stay (decision 0025): no history row names them, but their row is in R2. A
  // month before the retention's cutoff, so a job created just before it and finished later is safe too.
  const archivedBefore = retentionCutoff((opts.retentionMonths ?? DEFAULT_RETENTION_MONTHS) - 1, now);
  for (const { prefix, table, column, archived } of SWEPT) {
    const cursor = await db.selectFrom("sweep_cursors").select("afterKey").where("prefix", "=", prefix).executeTakeFirst();
    const listed = await bucket.list({
      prefix,
      limit: opts.batch ?? SWEEP_BATCH,
      ...(cursor?.afterKey ? { startAfter: cursor.afterKey } : {}),
    });
    result.listed += listed.objects.length;
    const old = listed.objects
      .filter(
        (o) => now.getTime() - o.uploaded.getTime() >= ORPHAN_AGE_MS && (!archived || o.uploaded.toISOString() >= archivedBefore),
      )
      .map((o) => o.key);
    if (old.length > 0) {
      const named = sql.ref(`${table}.${column}`);
      const orphans = await sql<{ key: string }>`SELECT value AS key FROM json_each(${JSON.stringify(old)})
        WHERE value NOT IN (SELECT ${named} FROM ${sql.table(table)} WHERE ${named} IS NOT NULL)`.execute(db);
      const keys = orphans.rows.map((r) => r.key);
      if (keys.length > 0) {
        await bucket.delete(keys);
        result.removed.push(...keys);
      }
    }
    const afterKey = listed.truncated ? (listed.objects.at(-1)?.key ?? "") : "";
    await db
      .insertInto("sweep_cursors")
      .values({ prefix, afterKey })
      .onConflict((oc) => oc.column("prefix").doUpdateSet({ afterKey }))
      .execute();
  }
  return result;
}
