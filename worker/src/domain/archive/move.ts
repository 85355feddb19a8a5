import type { ArchivedTable } from "../../db/tables/archive";
import { putJsonLines } from "./jsonl";
import { ARCHIVED_TABLE_NAMES, ARCHIVED_TABLES, chunkKeyOf, monthOf, type ArchivedRow } from "./tables";

/** Rows per chunk, and chunks per table per run: bounded work within a Worker's memory and D1's limits. */
export const ARCHIVE_BATCH = 500;
export const ARCHIVE_STEPS = 2;
export const DEFAULT_RETENTION_MONTHS = 13;

/** The retention var (months, a whole number ≥ 1); anything else is the default. */
export function retentionMonthsOf(value: string | undefined): number {
  const months = Number(value);
  return Number.isInteger(months) && months >= 1 ? months : DEFAULT_RETENTION_MONTHS;
}

/** Rows created before the first instant of the month `months` before this one leave D1: months go whole. */
export function retentionCutoff(months: number, now: Date = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString();
}

export interface ArchiveOptions {
  d1: D1Database;
  bucket: R2Bucket;
  retentionMonths: number;
  now?: Date;
  batch?: number;
  steps?: number;
}

interface PendingChunk {
  chunkId: number;
  chunkKey: string;
  rowIds: string;
}

const pendingChunk = (d1: D1Database, table: ArchivedTable) =>
  d1
    .prepare("SELECT chunkId, chunkKey, rowIds FROM archive_chunks WHERE tableName = ?1 AND state = 'pending'")
    .bind(table)
    .first<PendingChunk>();

/**
 * The oldest finished rows created before the cutoff. Ids grow with time, so the walk stops at the first row
 * young enough to stay (found by the subquery, also from the oldest end): old rows still queued are skipped,
 * and a run with nothing to move reads about one row.
 */
async function eligibleRows(d1: D1Database, table: ArchivedTable, cutoff: string, batch: number) {
  const { id, finished } = ARCHIVED_TABLES[table];
  const { results } = await d1
    .prepare(
      `SELECT * FROM ${table} WHERE ${id} < coalesce((SELECT ${id} FROM ${table} WHERE createdAt >= ?1 ORDER BY ${id} LIMIT 1), 9223372036854775807)
        AND createdAt < ?1 AND ${finished} ORDER BY ${id} LIMIT ?2`,
    )
    .bind(cutoff, batch)
    .all<ArchivedRow>();
  return results;
}

/** Records the next chunk as pending (its key and row ids), or answers the one another run recorded. */
async function startChunk(d1: D1Database, table: ArchivedTable, rows: ArchivedRow[]): Promise<PendingChunk | null> {
  const { id } = ARCHIVED_TABLES[table];
  const month = monthOf(rows[0]!);
  // One month per chunk: a run's batch may reach into the next month.
  const end = rows.findIndex((row) => monthOf(row) !== month);
  const taken = end === -1 ? rows : rows.slice(0, end);
  const ids = taken.map((row) => Number(row[id]));
  const chunkKey = chunkKeyOf(table, month, ids[0]!, ids.at(-1)!, new Date());
  await d1
    .prepare("INSERT INTO archive_chunks (chunkKey, tableName, month, rowIds) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
    .bind(chunkKey, table, month, JSON.stringify(ids))
    .run();
  return pendingChunk(d1, table);
}

/** Who a chunk's rows belong to: archive_jobs entries for history, archive_people keys for the others. */
function indexStatement(d1: D1Database, table: ArchivedTable, chunkId: number, rows: ArchivedRow[]) {
  if (table === "history") {
    const jobs = rows.map((row) => [row.userId, row.uniqueId]);
    return d1
      .prepare(
        `INSERT OR IGNORE INTO archive_jobs (userId, uniqueId, chunkId)
          SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), ?2 FROM json_each(?1)`,
      )
      .bind(JSON.stringify(jobs), chunkId);
  }
  const people = [...new Set(rows.flatMap((row) => ARCHIVED_TABLES[table].people(row)))];
  return d1
    .prepare("INSERT OR IGNORE INTO archive_people (personKey, chunkId) SELECT value, ?2 FROM json_each(?1)")
    .bind(JSON.stringify(people), chunkId);
}

/**
 * One chunk of a table: recorded as pending, put in R2, then one D1 batch deletes its rows, indexes their
 * owners and marks it done. Killed before the batch, the next run finds the pending chunk and puts the same
 * rows under the same key again (a put replaces the object), so every row ends in R2 once and leaves D1.
 * Answers the rows moved (0: nothing left to move).
 */
export async function archiveStep(options: ArchiveOptions, table: ArchivedTable): Promise<number> {
  const { d1, bucket } = options;
  const { id } = ARCHIVED_TABLES[table];
  let chunk = await pendingChunk(d1, table);
  let rows: ArchivedRow[];
  if (chunk) {
    const { results } = await d1
      .prepare(`SELECT * FROM ${table} WHERE ${id} IN (SELECT value FROM json_each(?1)) ORDER BY ${id}`)
      .bind(chunk.rowIds)
      .all<ArchivedRow>();
    rows = results;
  } else {
    const cutoff = retentionCutoff(options.retentionMonths, options.now);
    const found = await eligibleRows(d1, table, cutoff, options.batch ?? ARCHIVE_BATCH);
    if (found.length === 0) return 0;
    chunk = await startChunk(d1, table, found);
    if (!chunk) return 0;
    const ids = new Set(JSON.parse(chunk.rowIds) as number[]);
    rows = found.filter((row) => ids.has(Number(row[id])));
  }
  // Another run finished this chunk meanwhile: its rows are gone from D1 and the object is whole.
  if (rows.length === 0 && !(await pendingChunk(d1, table))) return 0;
  await putJsonLines(bucket, chunk.chunkKey, rows);
  await d1.batch([
    d1.prepare("INSERT INTO archive_moving (moving) VALUES (1)"),
    d1.prepare(`DELETE FROM ${table} WHERE ${id} IN (SELECT value FROM json_each(?1))`).bind(chunk.rowIds),
    d1.prepare("DELETE FROM archive_moving"),
    indexStatement(d1, table, chunk.chunkId, rows),
    d1
      .prepare("UPDATE archive_chunks SET state = 'done', rowIds = '[]', rowCount = ?2 WHERE chunkId = ?1 AND state = 'pending'")
      .bind(chunk.chunkId, rows.length),
  ]);
  return rows.length;
}

export type ArchiveRunResult = Record<ArchivedTable, number>;

/** The cron step: up to `steps` chunks of each table. */
export async function archiveOldRows(options: ArchiveOptions): Promise<ArchiveRunResult> {
  const moved = Object.fromEntries(ARCHIVED_TABLE_NAMES.map((table) => [table, 0])) as ArchiveRunResult;
  for (const table of ARCHIVED_TABLE_NAMES) {
    for (let step = 0; step < (options.steps ?? ARCHIVE_STEPS); step++) {
      const rows = await archiveStep(options, table);
      if (rows === 0) break;
      moved[table] += rows;
    }
  }
  return moved;
}
