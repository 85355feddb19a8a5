/**
 * A D1 binding that puts a session re-check into the request's first round trip.
 *
 * A read call made with a session remembered by this isolate skips the session query: its handler gets
 * this binding instead, whose first statement or batch goes out as one batch led by the check, a plain
 * statement answering `sessionHolds` 1 or 0. When the session changed, the call's rows are thrown away
 * (StaleSession): the dispatcher loads the session afresh and runs the call again, so nothing is ever
 * answered under a stale session. Only calls that write nothing run on a remembered session (the
 * dispatcher's `readsOnly`), so nothing is written under one either. Statements issued while the check is
 * under way wait for it; later ones go straight to D1.
 */

/** The remembered session no longer holds: run the call again with a freshly loaded one. */
export class StaleSession extends Error {
  constructor() {
    super("The remembered session changed.");
  }
}

/** The check as an SQL expression (1 while the session holds), with its parameters (numbered ?1…). */
export interface CheckExpression {
  sql: string;
  binds: readonly unknown[];
}

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

  /** Runs `statements` as a batch, led by the check when it has not run yet. */
  async function batch<T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (confirmed) return real.batch<T>(statements);
    if (checked) {
      await checked;
      return real.batch<T>(statements);
    }
    const settle = start();
    let all: D1Result<T>[];
    try {
      all = await real.batch<T>([checkStatement(), ...statements]);
    } catch (error) {
      // A statement failed and rolled the batch back, the check's answer with it: the check answers alone.
      const stale = holds(await real.batch([checkStatement()])) ? null : new StaleSession();
      settle(stale);
      throw stale ?? error;
    }
    const stale = holds(all) ? null : new StaleSession();
    settle(stale);
    if (stale) throw stale;
    return all.slice(1);
  }

  /** Whether the batch's first statement, the check, found the session unchanged. */
  const holds = (results: D1Result<unknown>[]) =>
    (results[0]?.results[0] as { sessionHolds?: number } | undefined)?.sessionHolds === 1;

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
  } as unknown as D1Database;

  return { d1, confirm };
}
