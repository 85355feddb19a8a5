import type { TracedStatement } from "../../worker/src/db/usage";

/** The part of the bench server's D1 binding (Miniflare's, in Node) timing needs. */
export interface TimingDb {
  prepare(sql: string): { bind(...values: unknown[]): unknown };
  batch(statements: unknown[]): Promise<Array<{ meta: { duration: number } }>>;
}

/** Statements per timing batch at most: a call's statements repeated up to this. */
const BATCH_STATEMENTS = 400;
/** Timing batches per call; the least is the figure. */
const BATCHES = 5;

/**
 * D1's own milliseconds for one run of a call's statements. Local D1 reports each statement's time in
 * whole milliseconds, too coarse for a call of a fraction of one, so the statements are repeated in one
 * batch (after a first batch that warms the pages they read) and the durations summed and divided. A
 * duration is wall-clock time: on a shared machine another process's load stretches some batches, so of
 * BATCHES batches the least is the call's own time.
 */
export async function d1Millis(db: TimingDb, statements: TracedStatement[]): Promise<number> {
  if (statements.length === 0) return 0;
  const prepared = statements.map((s) => db.prepare(s.sql).bind(...s.params));
  const times = Math.max(10, Math.min(50, Math.floor(BATCH_STATEMENTS / statements.length)));
  await db.batch(prepared);
  const perCall: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    const results = await db.batch(Array.from({ length: times }, () => prepared).flat());
    perCall.push(results.reduce((sum, r) => sum + r.meta.duration, 0) / times);
  }
  return Math.min(...perCall);
}
