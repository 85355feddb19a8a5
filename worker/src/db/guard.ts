import { runBatch } from ".";
import type { HttpError } from "../errors";

/**
 * A statement that fails, rolling back its whole batch, when the statement before it changed no row.
 * D1 has no interactive transactions: this keeps a conditional update and its follow-ups together.
 */
export function abortUnlessChanged(d1: D1Database): D1PreparedStatement {
  // json() of invalid text raises "malformed JSON", which aborts the batch.
  return d1.prepare("SELECT CASE WHEN changes() = 0 THEN json('guard') END");
}

/** As `abortUnlessChanged`, but the statement before must have changed exactly `rows` rows. */
export function abortUnlessChangedExactly(d1: D1Database, rows: number): D1PreparedStatement {
  return d1.prepare("SELECT CASE WHEN changes() <> ?1 THEN json('guard') END").bind(rows);
}

/** Runs a batch holding `abortUnlessChanged`; a tripped guard becomes the error `onGuard` answers. */
export async function runGuardedBatch(
  d1: D1Database,
  statements: Parameters<typeof runBatch>[1],
  onGuard: () => Promise<HttpError> | HttpError,
) {
  try {
    return await runBatch(d1, statements);
  } catch (error) {
    if (String(error).includes("malformed JSON")) throw await onGuard();
    throw error;
  }
}
