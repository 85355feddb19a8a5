/** One request's D1 cost and its `Server-Timing` form (see meter.ts); free of Workers types, so Node reads it too. */

export interface D1Usage {
  roundTrips: number;
  /** Statements sent (a batch of three is one round trip and three statements). */
  statements: number;
  rowsRead: number;
  rowsWritten: number;
}

export const newUsage = (): D1Usage => ({ roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0 });

/** A statement a call ran, as sent: what the bench repeats to time D1's part of a read call. */
export interface TracedStatement {
  sql: string;
  params: unknown[];
}

/** The request header that asks a metered Worker for the statements of the call, and the answer's header carrying them. */
export const TRACE_HEADER = "x-d1-trace";

/** The trace's header value: the statements as JSON, base64 (UTF-8), as a header holds only ASCII. */
export function traceHeader(trace: TracedStatement[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(trace));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads `traceHeader`'s value back. */
export function parseTraceHeader(value: string): TracedStatement[] {
  const binary = atob(value);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as TracedStatement[];
}

/** The `Server-Timing` value of a usage: `d1;desc="trips=1 statements=1 read=12 written=0"`. */
export function usageHeader(usage: D1Usage): string {
  return `d1;desc="trips=${usage.roundTrips} statements=${usage.statements} read=${usage.rowsRead} written=${usage.rowsWritten}"`;
}

/** Parses `usageHeader`'s value back (null when absent or malformed). */
export function parseUsageHeader(value: string | null): D1Usage | null {
  const match = value?.match(/d1;desc="trips=(\d+) statements=(\d+) read=(\d+) written=(\d+)"/);
  if (!match) return null;
  return {
    roundTrips: Number(match[1]),
    statements: Number(match[2]),
    rowsRead: Number(match[3]),
    rowsWritten: Number(match[4]),
  };
}
