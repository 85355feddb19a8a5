/**
 * What one request costs D1: round trips, statements, and the rows D1 reports as read and written (`meta.rows_read`,
 * `meta.rows_written`, summed over every statement). D1 bills rows, and the budgets of DESIGN.md are
 * stated in them, so the dispatcher meters every call; with the `D1_METER` var set to "true" the answer
 * carries the figures in a `Server-Timing` header (tests and `npm run bench` read them), and a request
 * with the TRACE_HEADER gets the statements the call ran in that header (the bench times them). It stays
 * off in production: row counts would tell a caller how large the tables are.
 */

import type { D1Usage, TracedStatement } from "./usage";

// The header's format lives in ./usage (no Workers types), so Node scripts such as the bench can parse it.
export { newUsage, parseUsageHeader, TRACE_HEADER, traceHeader, usageHeader, type D1Usage } from "./usage";

type Runner = Pick<D1Database, "prepare" | "batch">;

function add(usage: D1Usage, meta: D1Meta | undefined) {
  usage.rowsRead += meta?.rows_read ?? 0;
  usage.rowsWritten += meta?.rows_written ?? 0;
}

const inner = new WeakMap<object, D1PreparedStatement>();
const unwrap = (statement: D1PreparedStatement) => inner.get(statement) ?? statement;
/** The SQL and parameters of each metered statement, for a trace. */
const sent = new WeakMap<object, TracedStatement>();

function meteredStatement(
  statement: D1PreparedStatement,
  usage: D1Usage,
  trace: TracedStatement[] | null,
  traced: TracedStatement,
): D1PreparedStatement {
  const ran = () => trace?.push(traced);
  const metered = {
    bind: (...values: unknown[]) =>
      meteredStatement(statement.bind(...values), usage, trace, { sql: traced.sql, params: values }),
    async all<T>() {
      ran();
      usage.roundTrips += 1;
      usage.statements += 1;
      const result = await statement.all<T>();
      add(usage, result.meta);
      return result;
    },
    async run<T>() {
      ran();
      usage.roundTrips += 1;
      usage.statements += 1;
      const result = await statement.run<T>();
      add(usage, result.meta);
      return result;
    },
    // D1's first() runs the whole statement too: all() gives the same row and its meta.
    async first<T>(column?: string) {
      ran();
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
      ran();
      usage.roundTrips += 1;
      usage.statements += 1;
      return options?.columnNames ? statement.raw<T>({ columnNames: true }) : statement.raw<T>();
    },
  } as unknown as D1PreparedStatement;
  inner.set(metered, statement);
  sent.set(metered, traced);
  return metered;
}

function meterRunner<R extends Runner>(real: R, usage: D1Usage, trace: TracedStatement[] | null) {
  return {
    prepare: (query: string) => meteredStatement(real.prepare(query), usage, trace, { sql: query, params: [] }),
    async batch<T>(statements: D1PreparedStatement[]) {
      for (const statement of statements) {
        const traced = sent.get(statement);
        if (traced) trace?.push(traced);
      }
      usage.roundTrips += 1;
      usage.statements += statements.length;
      const results = await real.batch<T>(statements.map(unwrap));
      for (const result of results) add(usage, result.meta);
      return results;
    },
  };
}

/**
 * `real`, counting into `usage` every round trip and the rows its statements read and write; with a
 * `trace`, each statement run is added to it too.
 */
export function meterD1(real: D1Database, usage: D1Usage, trace: TracedStatement[] | null = null): D1Database {
  return {
    ...meterRunner(real, usage, trace),
    async exec(query: string) {
      usage.roundTrips += 1;
      usage.statements += 1;
      return real.exec(query);
    },
    dump: () => real.dump(),
    withSession(constraintOrBookmark?: string) {
      const session = real.withSession(constraintOrBookmark);
      return { ...meterRunner(session, usage, trace), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
}
