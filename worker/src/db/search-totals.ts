import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { DB } from ".";
import { COUNT_CAP, type ListTotal } from "./counts";
import type { Database, SearchVersionsTable } from "./schema";

/**
 * Text-search totals this isolate has counted, each with the version of its index it was counted at
 * (migration 0110: a random number drawn anew by every write that can change a match). A total holds
 * wherever the version is the one it was counted at, so the statement that answers it reads the version
 * and counts again only when it differs: paging through a search, or the same search from the next
 * admin, costs one version row instead of up to COUNT_CAP + 1 matches. The version is read in the same
 * statement, on whichever replica serves it, so a remembered total is never older than the rows beside
 * it: a caller still reads their own writes.
 */

export type SearchIndexName = SearchVersionsTable["indexName"];

interface Remembered {
  version: number;
  /** Matches counted, up to COUNT_CAP + 1. */
  matches: number;
}

/** Distinct searches remembered; past it the oldest is dropped (each entry is a short key and two numbers). */
const REMEMBERED_MAX = 500;
const remembered = new Map<string, Remembered>();

function remember(key: string, entry: Remembered) {
  remembered.delete(key);
  remembered.set(key, entry);
  if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
}

// Any select works as the rows of a count; its row type does not matter.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRows = SelectQueryBuilder<Database, any, any>;

export interface SearchTotal {
  /** One row: the index's version and the matches (remembered, or counted now). */
  statement: ReturnType<typeof versionedCount>;
  /**
   * What a page query passes to MATCH instead of the search: an empty phrase (no rows, no index walk)
   * while the index is at a version where this search was counted as matching nothing.
   */
  match: RawBuilder<string>;
  /** The total from the statement's result; remembers it for the next call. */
  read(result: D1Result<unknown> | undefined): ListTotal;
}

const versionOf = (db: DB, index: SearchIndexName) =>
  db.selectFrom("search_versions").select("version").where("indexName", "=", index);

function versionedCount(db: DB, index: SearchIndexName, counted: AnyRows, known: Remembered | undefined) {
  const count = db.selectFrom(counted.as("matches")).select(sql<number>`count(*)`.as("n"));
  const matches = known
    ? sql<number>`CASE WHEN v.version = ${known.version} THEN ${known.matches} ELSE (${count}) END`
    : sql<number>`(${count})`;
  return db.selectFrom(versionOf(db, index).as("v")).select(["v.version", matches.as("matches")]);
}

/**
 * The total of a text search alone (`rows`: the matching rowids of `index`'s FTS table for `match`),
 * counted up to COUNT_CAP + 1 and remembered per version of the index.
 */
export function searchTotal(db: DB, index: SearchIndexName, match: string, rows: AnyRows): SearchTotal {
  const counted = rows.limit(COUNT_CAP + 1);
  const compiled = counted.compile();
  const key = `${index}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const known = remembered.get(key);
  return {
    statement: versionedCount(db, index, counted, known),
    match:
      known?.matches === 0
        ? sql<string>`CASE WHEN (${versionOf(db, index)}) = ${known.version} THEN '""' ELSE ${match} END`
        : sql<string>`${match}`,
    read(result) {
      const row = result?.results[0] as { version: number; matches: number } | undefined;
      if (!row) return { total: 0, totalCapped: false };
      remember(key, { version: Number(row.version), matches: Number(row.matches) });
      return { total: Math.min(Number(row.matches), COUNT_CAP), totalCapped: Number(row.matches) > COUNT_CAP };
    },
  };
}
