/**
 * D1 read replication through the Sessions API (decision 0001). Every API call runs its queries in one
 * D1 session: a call that only reads starts from the caller's bookmark (any replica at least that
 * recent) or, without one, from any replica; a call that may write starts on the primary. The answer
 * carries the session's latest bookmark in the `x-d1-bookmark` header; the web app sends back the
 * newest it has seen, so a read after the caller's own write sees it. Without read replication turned
 * on (and locally) every session is served by the primary and nothing changes.
 */

export const BOOKMARK_HEADER = "x-d1-bookmark";

/** D1 bookmarks are hex groups joined by dashes; anything else is ignored rather than sent to D1. */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){1,7}$/i;

/** The caller's bookmark, if the request carries a well-formed one. */
export function requestBookmark(request: Request): string | null {
  const value = request.headers.get(BOOKMARK_HEADER)?.trim() ?? "";
  return value.length <= 200 && BOOKMARK.test(value) ? value : null;
}

/** Where a session's first query may go: a bookmark, or one of D1's two constraints. */
export function sessionConstraint(bookmark: string | null, mayWrite: boolean): string {
  if (mayWrite) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

export interface D1CallSession {
  /** The session as a D1Database, so Kysely, the meter and the session check use it unchanged. */
  db: D1Database;
  /** The bookmark of the latest query the session ran (null before any). */
  bookmark(): string | null;
}

/** Opens the call's session on `d1`. */
export function openSession(d1: D1Database, constraint: string): D1CallSession {
  const session = d1.withSession(constraint);
  const db = {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    // A session has neither: nothing in a call uses them.
    exec: () => Promise.reject(new Error("exec() is not available inside a D1 session")),
    dump: () => Promise.reject(new Error("dump() is not available inside a D1 session")),
    withSession: () => {
      throw new Error("A call already runs in a D1 session");
    },
  } as unknown as D1Database;
  return { db, bookmark: () => session.getBookmark() };
}
