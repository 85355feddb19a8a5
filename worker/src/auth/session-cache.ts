import type { FingerprintedSession } from "./session";

/**
 * Sessions this isolate loaded lately, by token hash. Never trusted on their own: a read call made with
 * one re-checks it in the same D1 batch as its first statements (db/session-check.ts), which saves the
 * separate session round trip without ever acting on a revoked session, a changed role or stale rules.
 */
const MAX_ENTRIES = 1000;
/** An entry older than this is reloaded, which bounds how long a quiet isolate keeps user data. */
const MAX_AGE_SECONDS = 300;

interface Entry {
  session: FingerprintedSession;
  storedAt: number;
}

const entries = new Map<string, Entry>();

export function rememberedSession(tokenHash: string, now: number): FingerprintedSession | null {
  const entry = entries.get(tokenHash);
  if (!entry) return null;
  if (now - entry.storedAt > MAX_AGE_SECONDS) {
    entries.delete(tokenHash);
    return null;
  }
  return entry.session;
}

export function rememberSession(session: FingerprintedSession, now: number): void {
  entries.delete(session.tokenHash);
  if (entries.size >= MAX_ENTRIES) {
    // Maps iterate in insertion order: the first key is the longest-remembered.
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.set(session.tokenHash, { session, storedAt: now });
}

export function forgetSession(tokenHash: string): void {
  entries.delete(tokenHash);
}
