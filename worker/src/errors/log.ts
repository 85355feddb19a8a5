/**
 * Failures as one JSON line each, for Workers Logs (`[observability]` in wrangler.toml), which indexes a
 * line's fields. A line says what failed and how, never who or with what: no address, email, name,
 * body, token or secret, so logs hold no personal data.
 */

export type FailureLine =
  | {
      kind: "call";
      call: string;
      status: number;
      code: string;
      requestId: string;
      durationMs: number;
      rowsRead: number;
      rowsWritten: number;
      /** An unexpected error's kind and first line (500s only). */
      error?: string;
    }
  | { kind: "cron"; task: string; schedule: string; error: string }
  | { kind: "queue"; queue: string; messages: number; error: string };

/** 5xx and background failures are errors, refused calls warnings: Workers Logs filters on the level. */
export function logFailure(line: FailureLine): void {
  const text = JSON.stringify(line);
  if (line.kind === "call" && line.status < 500) console.warn(text);
  else console.error(text);
}

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+/g;

/** An error as a log may carry it: its name and the first line of its message, without email addresses. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split("\n")[0]!.replace(EMAIL, "<email>").slice(0, 200);
}
