/**
 * This browser's D1 bookmark (docs/decisions/0001-platform.md): every API answer carries, in
 * `x-d1-bookmark`, how recent the database was that served it; every call sends back the newest one
 * seen, so a read after this browser's own write sees that write whichever read replica answers. It
 * is kept in localStorage too, so a reload or another tab keeps it. Bookmarks sort oldest to newest.
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
const STORAGE_KEY = "d1-bookmark";

let latest: string | null = null;

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The newest bookmark this browser has seen, or null. */
export function currentBookmark(): string | null {
  const kept = stored();
  return kept !== null && (latest === null || kept > latest) ? kept : latest;
}

/** Keeps a bookmark from an answer when it is newer than the one kept (answers may arrive out of order). */
export function rememberBookmark(value: string | null): void {
  const current = currentBookmark();
  if (!value || (current !== null && current >= value)) return;
  latest = value;
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Storage refused (private mode, quota): this page still keeps it in memory.
  }
}

/** `headers` with the bookmark added, when there is one. */
export function withBookmark(headers: Record<string, string> = {}): Record<string, string> {
  const bookmark = currentBookmark();
  return bookmark ? { ...headers, [BOOKMARK_HEADER]: bookmark } : headers;
}
