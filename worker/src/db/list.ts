import { sql, type Compilable, type OperationNode, type OrderByExpression, type SelectQueryBuilder } from "kysely";
import { bindingOf, runBatch, type DB } from ".";
import type { Database } from "./schema";

/**
 * One way to read a list (decision 0003): `listPage` answers a page of a query and the query's total
 * in one D1 batch (one round trip), both built from the same query, so a page and its total can never
 * disagree. What it costs (decision 0002): the page reads its offset and its rows; the total reads the
 * query's rows up to COUNT_CAP (past it the answer says `totalCapped`), or one counter row.
 *
 * - Filter on indexed columns: the query's conditions should walk an index in the list's order, and
 *   the total counts that index's entries (a condition on a column the index lacks costs a table row
 *   per entry).
 * - Join what a page only shows with `leftJoin` on the other table's key: SQLite leaves such a join
 *   out of the count.
 * - A text search starts from its FTS table (`ftsMatches`); with more conditions, from its newest
 *   SEARCH_SCAN matches (`scanned`), so it never walks every match.
 */

/** The most rows a total counts; more is answered as `total: COUNT_CAP, totalCapped: true`. */
export const COUNT_CAP = 1000;
/** The most candidates a search combined with other conditions looks at (`scanned`). */
export const SEARCH_SCAN = 300;

// Any select: a list's rows and their tables are the caller's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<Database, any, any>;

export interface ListTotal {
  total: number;
  /** True when counting stopped early: at least `total` rows match, maybe more. */
  totalCapped: boolean;
}

export interface ListPage<R> extends ListTotal {
  rows: R[];
  /** The rows of `options.with`, in order. */
  with: Array<Record<string, unknown>[]>;
}

/** The page asked for: 1-based, `limit` rows. */
export interface ListWindow {
  page: number;
  limit: number;
}

/** The list's order, first key first: a column or expression and its direction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListOrder = ReadonlyArray<readonly [OrderByExpression<Database, any, any>, "asc" | "desc"]>;

/**
 * How the total is known, when not by counting the query's rows up to COUNT_CAP:
 * - `exact`: a counter kept by a trigger (migration 0190) of every row `of` selects (say, the live
 *   users). It answers only while the query reads exactly those rows: any other condition or inner
 *   join, and the rows are counted instead.
 * - `scanned`: the query reads only these candidates (its FROM is them, at most `scan` rows); the total
 *   is capped when they were all read, as older candidates went unseen.
 * - `upTo`: counted up to fewer rows than COUNT_CAP, for a list whose page reads every match already (a
 *   plan's holders, sorted): page and count together stay within the read budget.
 */
export type ListCount = { exact: string; of: AnySelect } | { scanned: AnySelect; scan: number } | { upTo: number };

export interface ListOptions {
  order: ListOrder;
  window: ListWindow;
  count?: ListCount;
  /**
   * For a query selecting ids (`id`): the page's columns, one row per id, looked up by its key. The page
   * is `rows(query)` in `order`; the total counts the ids alone (a plan's holders: every holder is read
   * to sort them, so the count must not read their users again).
   */
  rows?: (ids: AnySelect) => AnySelect;
  /** More reads for the same round trip (a balance shown above the list, say). */
  with?: Compilable[];
}

/** OFFSET and LIMIT of a page: a page reads its offset too (decision 0002). */
export function pageWindow(page: number, limit: number): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit };
}

/** The parts of a select that decide which rows it reads: its FROM, inner joins and WHERE. */
function rowsOf(query: AnySelect): string {
  const node = query.toOperationNode() as OperationNode & {
    from?: unknown;
    joins?: ReadonlyArray<{ joinType: string }>;
    where?: unknown;
  };
  const joins = (node.joins ?? []).filter((join) => join.joinType !== "LeftJoin");
  return JSON.stringify([node.from, joins, node.where ?? null]);
}

/** The statement of the total: one row, `n` and `capped`. */
function totalStatement(db: DB, query: AnySelect, count: ListCount | undefined): Compilable {
  if (count && "exact" in count && rowsOf(query) === rowsOf(count.of)) {
    return db
      .selectFrom("counters")
      .select([sql<number>`coalesce(max(counterValue), 0)`.as("n"), sql<number>`0`.as("capped")])
      .where("counterName", "=", count.exact);
  }
  // A DISTINCT query's rows are its distinct selections: counted as they are.
  const node = query.toOperationNode() as OperationNode & { frontModifiers?: ReadonlyArray<{ modifier?: string }> };
  const distinct = (node.frontModifiers ?? []).some((m) => m.modifier === "Distinct");
  const counted = distinct
    ? query.clearOrderBy().clearLimit().clearOffset()
    : query
        .clearSelect()
        .clearOrderBy()
        .clearLimit()
        .clearOffset()
        .select(sql<number>`1`.as("one"));
  if (count && "scanned" in count) {
    const seen = db.selectFrom(count.scanned.as("seen")).select(sql<number>`count(*)`.as("n"));
    return db
      .selectFrom(counted.as("hits"))
      .select([sql<number>`count(*)`.as("n"), sql<number>`(${seen}) >= ${count.scan}`.as("capped")]);
  }
  const cap = count && "upTo" in count ? count.upTo : COUNT_CAP;
  return db
    .selectFrom(counted.limit(cap + 1).as("hits"))
    .select([sql<number>`min(count(*), ${cap})`.as("n"), sql<number>`count(*) > ${cap}`.as("capped")]);
}

/**
 * The page of `rows(query)`: the ids of `query` looked up, nothing else. A condition there would narrow
 * the page and not the total, which counts `query`: it is refused, loudly.
 */
function pageOfIds(query: AnySelect, rows: (ids: AnySelect) => AnySelect): AnySelect {
  const page = rows(query);
  const where = (
    page.toOperationNode() as OperationNode & { where?: { where: OperationNode & { operator?: { operator: string } } } }
  ).where?.where;
  if (where?.kind !== "BinaryOperationNode" || where.operator?.operator !== "in") {
    throw new Error("listPage: rows(ids) must look the ids up and nothing else; conditions go in the query");
  }
  return page;
}

/** The statements of a list: its page, its total (one row: `n`, `capped`), then the reads of `with`. */
export function listStatements(db: DB, query: AnySelect, options: ListOptions): Compilable[] {
  const { offset, limit } = pageWindow(options.window.page, options.window.limit);
  let page: AnySelect = options.rows ? pageOfIds(query, options.rows) : query;
  for (const [by, direction] of options.order) page = page.orderBy(by, direction);
  return [page.limit(limit).offset(offset), totalStatement(db, query, options.count), ...(options.with ?? [])];
}

/**
 * A page of `query` in `order` and its total, in one batch with the reads of `with`. `query` selects the
 * page's columns; its conditions are the list's (see the header for what keeps it cheap).
 */
export async function listPage<R>(
  db: DB,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, any>,
  options: ListOptions,
): Promise<ListPage<R>> {
  const [rows, total, ...more] = await runBatch<Record<string, unknown>>(bindingOf(db), listStatements(db, query, options));
  const counted = total?.results[0] as { n: number; capped: number } | undefined;
  return {
    rows: (rows?.results ?? []) as R[],
    total: Number(counted?.n ?? 0),
    totalCapped: Number(counted?.capped ?? 0) === 1,
    with: more.map((result) => result.results),
  };
}
