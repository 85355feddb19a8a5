import { sql, type SelectQueryBuilder } from "kysely";
import type { z } from "zod";
import type { history } from "../../contract/history";
import type { DB } from "../../db";
import type { RowOf } from "../../db/rows";
import type { Database } from "../../db/schema";

/** The History entity as the API shows it (the contract's), with whether a report can be downloaded. */
export type HistoryView = z.output<typeof history>;

/**
 * Where a job list's rows come from: every job, the jobs an FTS expression matches (walked in the
 * index's rowid order, each job joined by its key: a count leaves the join out), or candidate ids
 * found beforehand (CROSS JOIN: SQLite starts from them whatever conditions follow).
 */
export type HistorySource = { match: string } | { ids: JobIds } | null;

/** A query selecting history ids as `id`: a search's candidates (db/list.ts `scanned`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobIds = SelectQueryBuilder<Database, any, { id: number }>;

/** `history as h`, the jobs an FTS expression matches, or the jobs of the given ids. */
function historyFrom(db: DB, source: HistorySource) {
  const jobs = db.selectFrom("history as h");
  if (source === null) return jobs;
  if ("match" in source) {
    return db
      .selectFrom("history_fts as f")
      .leftJoin("history as h", "h.historyId", "f.rowid")
      .where(sql<boolean>`history_fts MATCH ${source.match}`) as unknown as typeof jobs;
  }
  return db
    .selectFrom(source.ids.as("c"))
    .crossJoin("history as h")
    .whereRef("h.historyId", "=", "c.id") as unknown as typeof jobs;
}

/** Selects a HistoryView's columns from `history as h` (only the jobs of `source` when given; never keys, claim details or secrets). */
export function selectHistoryView(db: DB, source: HistorySource = null) {
  // The owner's name as a column of its own, not a join: a count leaves the job's own join out then.
  return historyFrom(db, source).select([
    "h.historyId",
    "h.uniqueId",
    "h.userId",
    sql<string>`coalesce((SELECT u.userName FROM users u WHERE u.userId = h.userId), '')`.as("userName"),
    "h.siteId",
    "h.siteName",
    "h.vendorId",
    "h.vendorName",
    "h.fileName",
    "h.pointsSpent",
    "h.status",
    "h.similarity",
    sql<number>`h.reportKey IS NOT NULL`.as("hasReport"),
    "h.createdAt",
    "h.updatedAt",
  ]);
}

export type HistoryViewRow = RowOf<typeof selectHistoryView>;

/** A job as the API shows it: its file's fields grouped under fileData, the other columns as selected. */
export function toHistoryView({ uniqueId, status, similarity, hasReport, ...row }: HistoryViewRow): HistoryView {
  return { ...row, hasReport: Boolean(hasReport), fileData: { uniqueId, status, similarity } };
}

/** The job `uniqueId` as a HistoryView row: a statement of its own, or the last of a write's batch. */
export function selectHistoryViewOf(db: DB, uniqueId: string) {
  return selectHistoryView(db).where("h.uniqueId", "=", uniqueId);
}

export async function loadHistoryView(db: DB, uniqueId: string): Promise<HistoryView> {
  return toHistoryView(await selectHistoryViewOf(db, uniqueId).executeTakeFirstOrThrow());
}
