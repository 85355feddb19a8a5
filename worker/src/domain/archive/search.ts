import type { ArchivedTable } from "../../db/tables/archive";
import { readJsonLines } from "./jsonl";
import { ARCHIVED_TABLES, type ArchivedRow } from "./tables";

/** Chunks one search call reads at most; it stops after the chunk that brings SEARCH_ROWS matches. */
export const SEARCH_CHUNKS = 4;
export const SEARCH_ROWS = 50;

/** Columns staff never see in the archive: a mail's body and links may carry sign-in tokens. */
const HIDDEN: Partial<Record<ArchivedTable, string[]>> = {
  outbox: ["mailBody", "mailHtml", "unsubscribeUrl"],
  history: ["fileKey", "reportKey"],
};

export type ArchivedField = string | number | null;

export interface ArchiveSearch {
  table: ArchivedTable;
  month?: string | undefined;
  text?: string | undefined;
  after?: number | undefined;
}

export interface ArchiveSearchResult {
  month: string | null;
  months: Array<{ month: string; rows: number }>;
  rows: Array<{ id: number; createdAt: string; fields: Record<string, ArchivedField> }>;
  next: number | null;
}

function shown(table: ArchivedTable, row: ArchivedRow): Record<string, ArchivedField> {
  const hidden = new Set(HIDDEN[table] ?? []);
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !hidden.has(column))
      .map(([column, value]) => [column, typeof value === "number" || value === null ? value : String(value)]),
  );
}

/**
 * Staff search of one table's month in R2 (the newest unless named): the months archived and the month's
 * chunks in one D1 round trip, then the rows of up to SEARCH_CHUNKS chunks after `after` whose line contains
 * the text (any case).
 */
export async function searchArchive(d1: D1Database, bucket: R2Bucket, search: ArchiveSearch): Promise<ArchiveSearchResult> {
  const [months, chunks] = await d1.batch([
    d1
      .prepare(
        "SELECT month, sum(rowCount) AS rows FROM archive_chunks WHERE tableName = ?1 AND state = 'done' GROUP BY month ORDER BY month DESC",
      )
      .bind(search.table),
    d1
      .prepare(
        `SELECT chunkId, chunkKey, month FROM archive_chunks WHERE tableName = ?1 AND state = 'done' AND chunkId > ?3
          AND month = coalesce(?2, (SELECT max(month) FROM archive_chunks WHERE tableName = ?1 AND state = 'done'))
          ORDER BY chunkId LIMIT ${SEARCH_CHUNKS + 1}`,
      )
      .bind(search.table, search.month ?? null, search.after ?? 0),
  ]);
  const refs = (chunks!.results as Array<{ chunkId: number; chunkKey: string; month: string }>).slice(0, SEARCH_CHUNKS);
  const needle = search.text?.toLowerCase() ?? "";
  const rows: ArchiveSearchResult["rows"] = [];
  let next: number | null = (chunks!.results.length > SEARCH_CHUNKS ? refs.at(-1)?.chunkId : null) ?? null;
  const { id } = ARCHIVED_TABLES[search.table];
  for (const ref of refs) {
    const fields = ((await readJsonLines(bucket, ref.chunkKey)) ?? []).map((row) => shown(search.table, row));
    const matches = fields.filter((row) => !needle || JSON.stringify(row).toLowerCase().includes(needle));
    rows.push(...matches.map((row) => ({ id: Number(row[id]), createdAt: String(row.createdAt), fields: row })));
    // A page ends with its chunk: the next call starts after it, so no row is shown twice or skipped.
    if (rows.length >= SEARCH_ROWS) {
      next = ref.chunkId === refs.at(-1)!.chunkId ? next : ref.chunkId;
      break;
    }
  }
  const listed = months!.results as ArchiveSearchResult["months"];
  return { month: search.month ?? listed[0]?.month ?? null, months: listed, rows, next };
}
