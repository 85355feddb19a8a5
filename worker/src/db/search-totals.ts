import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { DB } from ".";
import { totalOf, type ListTotal } from "./counts";
import { FoldedSource, type Rows } from "./folded";
import type { Database, SearchVersionsTable } from "./schema";

/**
 * Text-search totals this isolate has counted, each with the versions of the search indexes it was
 * counted from (migrations 0110, 0111: random numbers drawn anew by every write that can change a
 * match). A total holds wherever the versions are the ones it was counted at, so the statement that
 * answers it reads the versions and counts again only when they differ: paging through a search, or
 * the same search from the next admin, costs a version row or two instead of up to COUNT_CAP + 1
 * matches. The versions are read in the same statement, on whichever replica serves it, so a
 * remembered total is never older than the rows beside it: a caller still reads their own writes.
 * A list keys its memory by the values its total depends on (`searchMemory`) and binds what it
 * remembers into its statement template (db/templates.ts) with `rememberedSearch`: its page and its
 * total compare it with the versions their statement reads once (`SearchVersions`).
 */

export type SearchIndexName = SearchVersionsTable["indexName"];

interface Remembered {
  version: number | string;
  total: ListTotal;
}

/** The ids of a page of a search, remembered with the versions they were read at. */
interface RememberedPage {
  version: number | string;
  ids: number[];
}

/** Distinct searches (and pages of searches) remembered; past it the oldest is dropped (each entry is a short key and three values). */
const REMEMBERED_MAX = 500;
const remembered = new Map<string, Remembered>();
const rememberedPages = new Map<string, RememberedPage>();

/** Keeps `entry` as the newest of `memory`, dropping the oldest past REMEMBERED_MAX. */
function remember<T>(memory: Map<string, T>, key: string, entry: T) {
  memory.delete(key);
  memory.set(key, entry);
  if (memory.size > REMEMBERED_MAX) memory.delete(memory.keys().next().value!);
}

const SEARCHED = "searched";

/**
 * The versions of a search's indexes (one version, or several joined as text "v1:v2"), read once by
 * the statement as its source `searched` (db/folded.ts): its total and its page compare them with what
 * this isolate remembers. Index names are the schema's own, written into the text.
 */
class SearchVersions extends FoldedSource {
  /** The versions, as the statement's parts read them. */
  readonly version = sql<number | string>`${sql.ref(`${SEARCHED}.version`)}`;
  constructor(db: DB, indexes: readonly SearchIndexName[]) {
    const each = indexes.map((index) => sql`(SELECT version FROM search_versions WHERE indexName = ${sql.lit(index)})`);
    super(SEARCHED, db.selectNoFrom(sql<number | string>`${sql.join(each, sql` || ':' || `)}`.as("version")));
  }
}

/** A total's row packed into one value (n × 2 + capped), so a single lazy subquery answers both. */
const pack = (total: ListTotal) => total.total * 2 + (total.totalCapped ? 1 : 0);

/** A query selecting row ids as `id`, the rows of a page. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IdRows = SelectQueryBuilder<Database, any, { id: number }>;

// Any select works as a page; its tables and row type are the caller's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPage = SelectQueryBuilder<Database, any, any>;

/**
 * What this isolate remembers of a search and of one page of it, as values a statement binds (each null
 * when nothing is remembered): the total's versions and packed total, the page's versions and ids (JSON).
 */
export interface RememberedValues {
  knownVersion: number | string | null;
  knownPacked: number | null;
  pageVersion: number | string | null;
  pageIds: string | null;
}

/** The values of a search nothing is remembered of (or of a list that remembers none). */
export const NOTHING_REMEMBERED: RememberedValues = { knownVersion: null, knownPacked: null, pageVersion: null, pageIds: null };

export interface SearchMemory {
  values: RememberedValues;
  /**
   * The total from the statement's result (`rememberedTotal`'s row); remembers it, and the ids (column
   * `id`) of the page's rows when the page came from `rememberedPage`.
   */
  read(result: Rows<unknown> | undefined, page?: { rows: readonly unknown[]; id: string }): ListTotal;
}

/** What this isolate remembers of the search `key` (one total of `indexes`) and of its page `window`. */
export function searchMemory(
  indexes: readonly SearchIndexName[],
  key: string,
  window: { offset: number; limit: number },
): SearchMemory {
  const totalKey = `${indexes.join(",")}\u0000${key}`;
  const pageKey = `${totalKey}\u0000${window.offset}:${window.limit}`;
  const known = remembered.get(totalKey);
  const knownPage = rememberedPages.get(pageKey);
  return {
    values: {
      knownVersion: known?.version ?? null,
      knownPacked: known ? pack(known.total) : null,
      pageVersion: knownPage?.version ?? null,
      pageIds: knownPage ? JSON.stringify(knownPage.ids) : null,
    },
    read(result, page) {
      const row = result?.results[0] as { version: number | string; packed: number } | undefined;
      if (!row) return totalOf(undefined);
      const packed = Number(row.packed);
      const counted = { total: Math.floor(packed / 2), totalCapped: packed % 2 === 1 };
      remember(remembered, totalKey, { version: row.version, total: counted });
      if (page) {
        const ids = page.rows.map((pageRow) => Number((pageRow as Record<string, unknown>)[page.id]));
        remember(rememberedPages, pageKey, { version: row.version, ids });
      }
      return counted;
    },
  };
}

/**
 * The statement of a search's total (`total`: one row, n and capped): the versions its statement read
 * (`versions`), and the total packed, remembered while the versions are those it was counted at,
 * counted again otherwise.
 */
function rememberedTotal(
  db: DB,
  versions: SearchVersions,
  total: Expression<unknown>,
  memory: Pick<RememberedValues, "knownVersion" | "knownPacked">,
) {
  const counted = sql<number>`(SELECT n * 2 + capped FROM (${total}) AS t)`;
  const packed =
    memory.knownVersion === null
      ? counted
      : sql<number>`CASE WHEN ${versions.version} = ${memory.knownVersion} THEN ${memory.knownPacked} ELSE ${counted} END`;
  return db.selectNoFrom([versions.version.as("version"), packed.as("packed")]);
}

/**
 * A search's page, read ids first: `walk(match)` finds the page's ids in the FTS index (newest first, the
 * page's window; `match` is what to pass to MATCH) and `fromIds(ids)` reads their rows. While the
 * versions are those of a page this isolate remembers, the remembered ids are read instead and the walk
 * is handed the empty phrase (no rows, no index walk); a write in between makes it walk again. `walk`
 * also gets `walking`, true unless the remembered ids are read instead: what else the walk finds (rows a
 * search names by itself) it finds only then. Its memory's read then keeps the page's ids.
 */
function rememberedPage<Q extends AnyPage>(
  db: DB,
  versions: SearchVersions,
  match: string,
  memory: Pick<RememberedValues, "pageVersion" | "pageIds">,
  walk: (match: RawBuilder<string>, walking: RawBuilder<boolean>) => IdRows,
  fromIds: (ids: IdRows) => Q,
): Q {
  if (memory.pageVersion === null) return fromIds(walk(sql<string>`${match}`, sql<boolean>`1`));
  const current = sql<boolean>`${versions.version} = ${memory.pageVersion}`;
  // Both chosen before any scan: the remembered ids or none, the empty phrase or the search.
  const rememberedIds = db
    .selectFrom(sql<{ value: number }>`json_each(CASE WHEN ${current} THEN ${memory.pageIds} ELSE '[]' END)`.as("j"))
    .select(sql<number>`j.value`.as("id"));
  const walked = db
    .selectFrom(walk(sql<string>`CASE WHEN ${current} THEN '""' ELSE ${match} END`, sql<boolean>`NOT ${current}`).as("w"))
    .select("w.id");
  return fromIds(rememberedIds.unionAll(walked));
}

/**
 * A remembered text search's statement: its page (`rememberedPage`: `walk` finds the page's ids in
 * the FTS index, `fromIds` reads their rows), its total (`rememberedTotal` of `total`) and the source
 * both read the versions of `indexes` from. Return all three as the template's parts.
 */
export function rememberedSearch<Q extends AnyPage>(
  db: DB,
  indexes: readonly SearchIndexName[],
  memory: RememberedValues,
  search: {
    match: string;
    walk: (match: RawBuilder<string>, walking: RawBuilder<boolean>) => IdRows;
    fromIds: (ids: IdRows) => Q;
    total: Expression<unknown>;
  },
) {
  const versions = new SearchVersions(db, indexes);
  const page = rememberedPage(db, versions, search.match, memory, search.walk, search.fromIds);
  return [page, rememberedTotal(db, versions, search.total, memory), versions] as const;
}
