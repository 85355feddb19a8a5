/**
 * Upkeep of the FTS5 indexes behind text searches (migrations 0001, 0002, 0004, 0060).
 *
 * Every write adds a small b-tree ("segment") to its table's index, and FTS5 merges them only four at
 * a time, so a table that grew one row per transaction keeps a dozen or more segments. A search looks
 * up each of its trigrams in every segment, and newest-first (rowid DESC) reads a common trigram's whole
 * doclist in each: at 100,000 jobs, a file-name search cost 2.3 ms of SQLite with the bench's segments
 * against 0.2 ms once they were merged into one (decision 0002, "Text searches"). The daily cron merges
 * each index into one segment, a bounded number of pages per statement.
 */

/** Every FTS5 table of the schema. */
export const SEARCH_INDEXES = ["users_fts", "items_fts", "coupons_fts", "history_fts", "audit_log_fts"] as const;

/** Pages one merge statement may write: well under a second of D1 at 100,000 rows. */
export const MERGE_PAGES = 2000;
/** Merge statements per index and run; an index bigger than this many steps finishes the next day. */
const MAX_STEPS = 20;

/**
 * Merges every search index towards a single segment. A negative 'merge' first puts every segment on
 * one level, then merges up to MERGE_PAGES pages; a statement that changed nothing but its own command
 * row (`changes` ≤ 1) means the index is one segment. Returns the statements run per index.
 */
export async function mergeSearchIndexes(d1: D1Database): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  for (const table of SEARCH_INDEXES) {
    const merge = d1.prepare(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', ?1)`).bind(-MERGE_PAGES);
    let step = 0;
    while (step < MAX_STEPS) {
      step += 1;
      const result = await merge.run();
      if (result.meta.changes <= 1) break;
    }
    steps[table] = step;
  }
  return steps;
}
