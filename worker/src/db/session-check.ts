/**
 * A D1 binding that folds a session re-check into the request's first round trip.
 *
 * A read call made with a session remembered by this isolate skips the session query: its handler gets
 * this binding instead, whose first statement or batch goes out as one batch led by the check; a read
 * folded into one statement (db/folded.ts) carries the check as its first column instead, so the call
 * is one statement in all. The check fails its statement (rolling back the batch it leads) when the
 * session changed, so nothing is ever read or written under a stale session: the dispatcher then loads
 * the session afresh and runs the call again. Statements issued while the check is under way wait for
 * it; later ones go straight to D1.
 */

/** The message SQLite gives when the session check (auth/session.ts CHECK_EXPRESSION) finds the session changed or gone. */
export const SESSION_CHANGED_ERROR = "integer overflow";

/** The remembered session no longer holds: run the call again with a freshly loaded one. */
export class StaleSession extends Error {
  constructor() {
    super("The remembered session changed.");
  }
}

/** The check as an SQL expression, with its parameters (numbered ?1…, so it must come first in a statement). */
export interface CheckExpression {
  sql: string;
  binds: readonly unknown[];
}

/**
 * Runs one read statement that `build` prepares on `d1`, carrying `check` as a column while the check
 * has not run yet (null once it has). What the checked binding offers under CARRY_CHECK.
 */
export type CheckCarrier = (
  build: (d1: D1Database, check: CheckExpression | null) => D1PreparedStatement,
) => Promise<D1Result<unknown>>;

export const CARRY_CHECK = Symbol("carryCheck");

export interface SessionCheckedD1 {
  d1: D1Database;
  /** Resolves once the session is confirmed (running the check alone if no statement carried it). */
  confirm(): Promise<void>;
}

export function withSessionCheck(real: D1Database, check: CheckExpression): SessionCheckedD1 {
  let confirmed = false;
  /** Settles when the check has run: resolved if the session holds, rejected with StaleSession if not. */
  let checked: Promise<void> | null = null;
  const checkStatement = () => real.prepare(`SELECT ${check.sql} AS sessionHolds`).bind(...check.binds);

  /** Marks the check as under way; `settle` ends it, confirming the session or finding it stale. */
  function start() {
    let settle!: (stale: StaleSession | null) => void;
    checked = new Promise<void>((resolve, reject) => {
      settle = (stale) => {
        if (!stale) confirmed = true;
        return stale ? reject(stale) : resolve();
      };
    });
    // Nobody may be waiting: a rejection is answered through this call's own throw.
    checked.catch(() => undefined);
    return settle;
  }

  const isStale = (error: unknown) => String(error).includes(SESSION_CHANGED_ERROR);

  /** Runs `statements` as a batch, led by the check when it has not run yet. */
  async function batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (confirmed) return real.batch<T>(statements);
    if (checked) {
      await checked;
      return real.batch<T>(statements);
    }
    const settle = start();
    try {
      const all = await real.batch<T>([checkStatement(), ...statements]);
      settle(null);
      return all.slice(1);
    } catch (error) {
      // The check runs first: a later statement's failure means the session held.
      const stale = isStale(error) ? new StaleSession() : null;
      settle(stale);
      throw stale ?? error;
    }
  }

  /** One read statement carrying the check as its first column (db/folded.ts). */
  const carry: CheckCarrier = async (build) => {
    if (confirmed) return build(real, null).all();
    if (checked) {
      await checked;
      return build(real, null).all();
    }
    const settle = start();
    try {
      const result = await build(real, check).all();
      settle(null);
      return result;
    } catch (error) {
      if (isStale(error)) {
        const stale = new StaleSession();
        settle(stale);
        throw stale;
      }
      // The statement failed, perhaps before its check was evaluated: the check answers on its own.
      try {
        await real.batch([checkStatement()]);
        settle(null);
      } catch (checkError) {
        const stale = isStale(checkError) ? new StaleSession() : null;
        settle(stale);
        if (stale) throw stale;
      }
      throw error;
    }
  };

  const unwrap = (s: D1PreparedStatement) => (s instanceof CheckedStatement ? s.inner : s);

  class CheckedStatement {
    constructor(readonly inner: D1PreparedStatement) {}
    bind(...values: unknown[]) {
      return new CheckedStatement(this.inner.bind(...values)) as unknown as D1PreparedStatement;
    }
    async all<T>(): Promise<D1Result<T>> {
      if (confirmed) return this.inner.all<T>();
      return (await batch<T>([this.inner]))[0]!;
    }
    async run<T>(): Promise<D1Result<T>> {
      if (confirmed) return this.inner.run<T>();
      return (await batch<T>([this.inner]))[0]!;
    }
    async first<T>(column?: string): Promise<T | null> {
      if (confirmed) return column === undefined ? this.inner.first<T>() : this.inner.first<T>(column);
      const row = ((await batch<Record<string, unknown>>([this.inner]))[0]!.results[0] ?? null) as Record<string, unknown> | null;
      if (row === null) return null;
      return (column === undefined ? row : row[column]) as T;
    }
    async raw<T extends unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
      if (!confirmed) await confirm();
      return options?.columnNames ? (this.inner.raw<T>({ columnNames: true }) as Promise<T[]>) : this.inner.raw<T>();
    }
  }

  async function confirm(): Promise<void> {
    if (confirmed) return;
    if (checked) return checked;
    await batch([]);
  }

  const d1 = {
    prepare: (query: string) => new CheckedStatement(real.prepare(query)) as unknown as D1PreparedStatement,
    batch: <T>(statements: D1PreparedStatement[]) => batch<T>(statements.map(unwrap)),
    exec: async (query: string) => {
      await confirm();
      return real.exec(query);
    },
    dump: async () => {
      await confirm();
      return real.dump();
    },
    // Unchecked, and refused anyway: the call already runs in its D1 session (db/sessions.ts).
    withSession: (constraint?: string) => real.withSession(constraint),
    [CARRY_CHECK]: carry,
  } as unknown as D1Database;

  return { d1, confirm };
}
