/**
 * What one request costs D1: round trips, statements, and the rows D1 reports as read and written (`meta.rows_read`,
 * `meta.rows_written`, summed over every statement). D1 bills rows, and the budgets of DESIGN.md are
 * stated in them, so the dispatcher meters every call; with the `D1_METER` var set to "true" the answer
 * carries the figures in a `Server-Timing` header (tests and `npm run bench` read them). It stays off in
 * production: row counts would tell a caller how large the tables are.
 */

import type { D1Usage } from "./usage";

// The header's format lives in ./usage (no Workers types), so Node scripts such as the bench can parse it.
export { newUsage, parseUsageHeader, usageHeader, type D1Usage } from "./usage";

type Runner = Pick<D1Database, "prepare" | "batch">;

function add(usage: D1Usage, meta: D1Meta | undefined) {
  usage.rowsRead += meta?.rows_read ?? 0;
  usage.rowsWritten += meta?.rows_written ?? 0;
}

const inner = new WeakMap<object, D1PreparedStatement>();
const unwrap = (statement: D1PreparedStatement) => inner.get(statement) ?? statement;

function meteredStatement(statement: D1PreparedStatement, usage: D1Usage): D1PreparedStatement {
  const metered = {
    bind: (...values: unknown[]) => meteredStatement(statement.bind(...values), usage),
    async all<T>() {
      usage.roundTrips += 1;
      usage.statements += 1;
      const result = await statement.all<T>();
      add(usage, result.meta);
      return result;
    },
    async run<T>() {
      usage.roundTrips += 1;
      usage.statements += 1;
      const result = await statement.run<T>();
      add(usage, result.meta);
      return result;
    },
    // D1's first() runs the whole statement too: all() gives the same row and its meta.
    async first<T>(column?: string) {
      usage.roundTrips += 1;
      usage.statements += 1;
      const result = await statement.all<Record<string, unknown>>();
      add(usage, result.meta);
      const row = result.results[0];
      if (row === undefined) return null;
      return (column === undefined ? row : row[column]) as T;
    },
    // raw() answers no meta: the trip counts, its rows cannot.
    raw<T extends unknown[]>(options?: { columnNames?: boolean }) {
      usage.roundTrips += 1;
      usage.statements += 1;
      return options?.columnNames ? statement.raw<T>({ columnNames: true }) : statement.raw<T>();
    },
  } as unknown as D1PreparedStatement;
  inner.set(metered, statement);
  return metered;
}

function meterRunner<R extends Runner>(real: R, usage: D1Usage) {
  return {
    prepare: (query: string) => meteredStatement(real.prepare(query), usage),
    async batch<T>(statements: D1PreparedStatement[]) {
      usage.roundTrips += 1;
      usage.statements += statements.length;
      const results = await real.batch<T>(statements.map(unwrap));
      for (const result of results) add(usage, result.meta);
      return results;
    },
  };
}

/** `real`, counting into `usage` every round trip and the rows its statements read and write. */
export function meterD1(real: D1Database, usage: D1Usage): D1Database {
  return {
    ...meterRunner(real, usage),
    async exec(query: string) {
      usage.roundTrips += 1;
      usage.statements += 1;
      return real.exec(query);
    },
    dump: () => real.dump(),
    withSession(constraintOrBookmark?: string) {
      const session = real.withSession(constraintOrBookmark);
      return { ...meterRunner(session, usage), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
}
