import { DefaultConnectionProvider, Kysely, sql, type Compilable, type RawBuilder } from "kysely";
import { plainSearchText } from "../contract/fields";
import { D1Dialect } from "./dialect";
import type { Database } from "./schema";
import type { SEARCH_INDEXES } from "./search-indexes";

export type DB = Kysely<Database>;

const instances = new WeakMap<D1Database, DB>();
const bindings = new WeakMap<DB, D1Database>();

/**
 * The isolate's Kysely: its compiler, adapter and executor are made once; a binding's instance differs
 * only by its connection (a request wraps its binding anew: metered, in a D1 session, checked).
 */
const shared = new Kysely<Database>({ dialect: new D1Dialect(null as unknown as D1Database) });

/** The Kysely instance of a D1 binding (one per binding object). */
export function getDb(d1: D1Database): DB {
  let db = instances.get(d1);
  if (!db) {
    const dialect = new D1Dialect(d1);
    const driver = dialect.createDriver();
    const executor = shared.getExecutor().withConnectionProvider(new DefaultConnectionProvider(driver));
    db = new Kysely<Database>({ config: { dialect }, dialect, driver, executor });
    instances.set(d1, db);
    bindings.set(db, d1);
  }
  return db;
}

/** The D1 binding a Kysely instance of `getDb` runs on (for a batch of its queries). */
export function bindingOf(db: DB): D1Database {
  const d1 = bindings.get(db);
  if (!d1) throw new Error("a Kysely instance not made by getDb");
  return d1;
}

/** Turns a Kysely query into a prepared D1 statement, for use in `DB.batch()`. */
export function prepare(d1: D1Database, query: Compilable): D1PreparedStatement {
  const compiled = query.compile();
  return d1.prepare(compiled.sql).bind(...(compiled.parameters as unknown[]));
}

/**
 * Runs queries as one D1 batch: one round trip, one transaction (a failing statement rolls back all).
 * D1 has no interactive transactions, so invariants are carried by conditional statements inside a
 * batch whose changed-row counts the caller checks.
 */
export async function runBatch<T = Record<string, unknown>>(
  d1: D1Database,
  queries: Array<Compilable | D1PreparedStatement>,
): Promise<D1Result<T>[]> {
  const statements = queries.map((q) => ("compile" in q ? prepare(d1, q) : q));
  return d1.batch<T>(statements);
}

/**
 * Rows one batch result changed. D1 counts the rows triggers wrote too (the counters and roll-ups of
 * migration 0190), so compare with 0: "changed something" or not, never "changed one row".
 */
export function changes(result: D1Result<unknown> | undefined): number {
  return result?.meta?.changes ?? 0;
}

/**
 * An FTS5 (trigram) MATCH expression for a user's search text: each word becomes a quoted phrase so
 * operators and punctuation in the input are taken literally. Null when no word has 3+ characters,
 * the trigram minimum; callers then fall back to LIKE. The text is cleaned as every search field is
 * (`plainSearchText`): FTS5 reads its query text only up to a NUL, so one inside a phrase was a 500.
 */
export function ftsQuery(search: string): string | null {
  const words = plainSearchText(search)
    .trim()
    .split(/\s+/)
    .filter((w) => [...w].length >= 3);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" ");
}

/**
 * The rowids (as `id`) of the rows of an FTS5 table that `match` matches, in no order: what a search
 * counts; ordered by `rowid` descending, its newest matches (a page, or the candidates it checks).
 */
export function ftsMatches(db: DB, table: (typeof SEARCH_INDEXES)[number], match: string | RawBuilder<string>) {
  return db
    .selectFrom(table)
    .select(sql<number>`rowid`.as("id"))
    .where(sql<boolean>`${sql.table(table)} MATCH ${match}`);
}

/** A LIKE pattern matching the text anywhere, with LIKE's wildcards escaped (use ESCAPE '\'). */
export function likeAnywhere(search: string): string {
  return `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
