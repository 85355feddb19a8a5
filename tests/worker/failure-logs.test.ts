import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCron } from "../../worker/src/cron";
import { SCHEDULES } from "../../worker/src/schedules";
import { call, createUser } from "./helpers";

/**
 * Issue 28: production runs with Workers Logs and nothing else, so each failed call, cron task or queue
 * batch writes one JSON line saying what failed, with no personal data or secret in it.
 */

afterEach(() => vi.restoreAllMocks());

/** The JSON lines written to a console method while `run` runs. */
async function linesOf(method: "warn" | "error", run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const spy = vi.spyOn(console, method).mockImplementation(() => undefined);
  try {
    await run();
    return spy.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
  } finally {
    spy.mockRestore();
  }
}

/** A D1 binding whose every statement fails, with a message that names a person. */
const brokenDb = (): D1Database =>
  ({
    prepare() {
      throw new Error("D1_ERROR: no such table for alice@example.com\nsecond line");
    },
    batch() {
      throw new Error("D1_ERROR: batch refused");
    },
    withSession() {
      return Object.assign(brokenDb(), { getBookmark: () => null });
    },
  }) as unknown as D1Database;

describe("failure logs", () => {
  it("write one warning line per refused call, with its call, status, code and costs, and nothing personal", async () => {
    const user = await createUser();
    const lines = await linesOf("warn", () =>
      call(
        "login",
        { email: user.email, password: "wrong-password" },
        { ip: "198.51.100.99", headers: { "cf-ray": "8f00aa11bb22cc33-AMS" } },
      ),
    );
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      kind: "call",
      call: "login",
      status: 401,
      code: "unauthorized",
      requestId: "8f00aa11bb22cc33-AMS",
    });
    expect(line!.durationMs).toBeGreaterThanOrEqual(0);
    expect(line!.rowsRead).toBeGreaterThan(0);
    expect(line!.rowsWritten).toBeGreaterThan(0);
    const text = JSON.stringify(line);
    for (const secret of [user.email, "wrong-password", "198.51.100.99"]) expect(text).not.toContain(secret);

    const unknown = await linesOf("warn", () => call("no-such-call"));
    expect(unknown).toMatchObject([{ call: "(unknown)", status: 404, code: "unknown_call" }]);
    expect(unknown[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("write an error line for an unexpected failure, with the error's first line and no email", async () => {
    const user = await createUser();
    const lines = await linesOf("error", () =>
      call("searchbundle", {}, { cookie: user.cookie, env: { ...env, DB: brokenDb() } }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: "call", call: "searchbundle", status: 500, code: "internal_error" });
    expect(lines[0]!.error).toBe("Error: D1_ERROR: no such table for <email>");
  });

  it("write nothing for a call that succeeds", async () => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    expect((await call("app-settings")).status).toBe(200);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("write one error line per failing cron task, naming the task and its schedule", async () => {
    const lines = await linesOf("error", () => runCron({ ...env, DB: brokenDb() }, SCHEDULES.frequent));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatchObject({ kind: "cron", schedule: SCHEDULES.frequent });
      expect(typeof line.task).toBe("string");
      expect(String(line.error)).not.toContain("@");
    }
    expect(lines.map((l) => l.task)).toContain("expire-payments");
  });
});
