import { sql, type Expression, type RawBuilder } from "kysely";
import type { DB } from ".";
import { totalOf, type ListTotal } from "./counts";
import type { SearchVersionsTable } from "./schema";

/**
 * Text-search totals this isolate has counted, each with the versions of the search indexes it was
 * counted from (migrations 0110, 0111: random numbers drawn anew by every write that can change a
 * match). A total holds wherever the versions are the ones it was counted at, so the statement that
 * answers it reads the versions and counts again only when they differ: paging through a search, or
 * the same search from the next admin, costs a version row or two instead of up to COUNT_CAP + 1
 * matches. The versions are read in the same statement, on whichever replica serves it, so a
 * remembered total is never older than the rows beside it: a caller still reads their own writes.
 */

export type SearchIndexName = SearchVersionsTable["indexName"];

interface Remembered {
  version: number | string;
  total: ListTotal;
}

/** Distinct searches remembered; past it the oldest is dropped (each entry is a short key and three values). */
const REMEMBERED_MAX = 500;
const remembered = new Map<string, Remembered>();

function remember(key: string, entry: Remembered) {
  remembered.delete(key);
  remembered.set(key, entry);
  if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
}

/** One index's version, or several joined as text ("v1:v2"). */
function versionOf(indexes: readonly SearchIndexName[]): RawBuilder<number | string> {
  const each = indexes.map((index) => sql`(SELECT version FROM search_versions WHERE indexName = ${index})`);
  return sql`(${sql.join(each, sql` || ':' || `)})`;
}

/** A total's row packed into one value (n × 2 + capped), so a single lazy subquery answers both. */
const pack = (total: ListTotal) => total.total * 2 + (total.totalCapped ? 1 : 0);

export interface SearchTotal {
  /** One row: the versions, and the total packed (remembered, or counted now). */
  statement: ReturnType<typeof versionedTotal>;
  /**
   * What the page passes to MATCH instead of the search: an empty phrase (no rows, no index walk) while
   * the indexes are at versions where this search was counted as matching nothing.
   */
  match: RawBuilder<string>;
  /** The total from the statement's result; remembers it for the next call. */
  read(result: D1Result<unknown> | undefined): ListTotal;
}

function versionedTotal(db: DB, indexes: readonly SearchIndexName[], total: Expression<unknown>, known?: Remembered) {
  const counted = sql<number>`(SELECT n * 2 + capped FROM (${total}) AS t)`;
  const packed = known
    ? sql<number>`CASE WHEN v.version = ${known.version} THEN ${pack(known.total)} ELSE ${counted} END`
    : counted;
  const versions = db.selectNoFrom(versionOf(indexes).as("version"));
  return db.selectFrom(versions.as("v")).select(["v.version", packed.as("packed")]);
}

/**
 * A search's total remembered per version of `indexes` (every index whose writes can change it):
 * `total` is the statement that counts it (`cappedTotal`, `scannedTotal`: one row, n and capped), and
 * `match` the FTS expression the page passes to MATCH.
 */
export function searchTotal(
  db: DB,
  indexes: readonly SearchIndexName[],
  match: string,
  total: Expression<unknown> & { compile(): { sql: string; parameters: readonly unknown[] } },
): SearchTotal {
  const compiled = total.compile();
  const key = `${indexes.join(",")}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const known = remembered.get(key);
  const knownEmpty = known && known.total.total === 0 && !known.total.totalCapped;
  return {
    statement: versionedTotal(db, indexes, total, known),
    match: knownEmpty
      ? sql<string>`CASE WHEN ${versionOf(indexes)} = ${known.version} THEN '""' ELSE ${match} END`
      : sql<string>`${match}`,
    read(result) {
      const row = result?.results[0] as { version: number | string; packed: number } | undefined;
      if (!row) return totalOf(undefined);
      const packed = Number(row.packed);
      const counted = { total: Math.floor(packed / 2), totalCapped: packed % 2 === 1 };
      remember(key, { version: row.version, total: counted });
      return counted;
    },
  };
}
