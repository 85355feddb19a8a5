import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from ".";
import type { Rows } from "./folded";
import type { Database } from "./schema";

/**
 * What a list page may cost (decision 0002): a list reads its page and its total in one round trip,
 * and neither grows with the table.
 *
 * - Totals come from the counters of migration 0090 (`counterTotal`): exact, one row.
 * - A text search or a filter no counter covers (a plan: it depends on the time) counts its matches
 *   up to COUNT_CAP (`cappedTotal`), or, when the rows must be checked one by one against more
 *   filters, looks at the SEARCH_SCAN newest candidates only, for the page and the total alike
 *   (`scannedTotal`). Past those, the answer says `totalCapped: true`: at least `total` rows match.
 * - A page is OFFSET and LIMIT (`pageWindow`) at any depth. OFFSET walks every row it skips, so a page
 *   reads about offset + limit rows: within the budget for the first BUDGET_ROWS rows of a list (the
 *   pages users open), growing past them (decision 0002 says why and what it costs).
 */

/** The most matches a search counts; more is answered as `total` = COUNT_CAP, `totalCapped`. */
export const COUNT_CAP = 1000;
/** The most candidate rows a search combined with filters looks at (its page and its total). */
export const SEARCH_SCAN = 300;
/** The rows a page may walk (offset + limit) and stay within the read budget of decision 0002. */
export const BUDGET_ROWS = 1000;

export interface ListTotal {
  total: number;
  /** True when counting stopped early: at least `total` rows match, maybe more. */
  totalCapped: boolean;
}

/** OFFSET and LIMIT of a page; past BUDGET_ROWS it reads offset + limit rows. */
export function pageWindow(page: number, limit: number): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit };
}

/** A counter's name (migration 0090): the list, then `filter=value` pairs in the family's order. */
export function counterName(list: string, ...filters: Array<readonly [string, string | number]>): string {
  return filters.length === 0 ? list : `${list}:${filters.map(([name, value]) => `${name}=${value}`).join(",")}`;
}

/** The total of a list from its counter: `n` (0 when the counter does not exist yet), never capped. */
export function counterTotal(db: DB, name: string) {
  return db
    .selectFrom("counters")
    .select([sql<number>`coalesce(max(counterValue), 0)`.as("n"), sql<number>`0`.as("capped")])
    .where("counterName", "=", name);
}

/** The total of the sum of several counters (a range of names: unused coupons by expiry day). */
export function counterRangeTotal(db: DB, from: string, to: string) {
  return db
    .selectFrom("counters")
    .select([sql<number>`coalesce(sum(counterValue), 0)`.as("n"), sql<number>`0`.as("capped")])
    .where("counterName", ">=", from)
    .where("counterName", "<", to);
}

// Any select works as the subquery of a count; its row type does not matter.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRows = SelectQueryBuilder<Database, any, any>;

/** Counts the rows of `rows`, stopping after COUNT_CAP + 1. */
export function cappedTotal(db: DB, rows: AnyRows) {
  return db
    .selectFrom(rows.limit(COUNT_CAP + 1).as("matches"))
    .select([sql<number>`min(count(*), ${COUNT_CAP})`.as("n"), sql<number>`count(*) > ${COUNT_CAP}`.as("capped")]);
}

/**
 * Counts the distinct candidates (`id`) whose `hit` column is 1. `candidates` selects both, at most
 * `scan` rows (the caller limits them); capped when the scan was full, older candidates unseen.
 */
export function scannedTotal(db: DB, candidates: AnyRows, scan = SEARCH_SCAN) {
  return db
    .selectFrom(candidates.as("candidates"))
    .select([sql<number>`count(DISTINCT CASE WHEN hit THEN id END)`.as("n"), sql<number>`count(*) >= ${scan}`.as("capped")]);
}

/**
 * Counts the rows of `candidates` when each is a distinct hit (no filter left to check, no row found
 * twice): scannedTotal without its per-row test. At most `scan` rows; capped when the scan was full.
 */
export function scannedCount(db: DB, candidates: AnyRows, scan = SEARCH_SCAN) {
  return db
    .selectFrom(candidates.as("candidates"))
    .select([sql<number>`count(*)`.as("n"), sql<number>`count(*) >= ${scan}`.as("capped")]);
}

/** The total a count statement above answered (its rows, from a batch or a folded read). */
export function totalOf(result: Rows<unknown> | undefined): ListTotal {
  const row = result?.results[0] as { n: number; capped: number } | undefined;
  return { total: Number(row?.n ?? 0), totalCapped: Number(row?.capped ?? 0) === 1 };
}
