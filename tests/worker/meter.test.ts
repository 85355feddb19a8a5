import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { parseUsageHeader, TRACE_HEADER, usageHeader } from "../../worker/src/db/meter";
import { parseTraceHeader } from "../../worker/src/db/usage";
import { call, createAdmin, createUser } from "./helpers";

/** Every API answer reports what it cost D1 (worker/src/db/meter.ts), as the budgets are stated in rows. */
describe("D1 meter", () => {
  it("round-trips its header", () => {
    const usage = { roundTrips: 2, statements: 3, rowsRead: 1234, rowsWritten: 5 };
    expect(parseUsageHeader(usageHeader(usage))).toEqual(usage);
    expect(parseUsageHeader(null)).toBeNull();
    expect(parseUsageHeader("db;dur=3")).toBeNull();
  });

  it("counts the round trips and rows of a read call", async () => {
    const client = await createUser();
    const first = await call("me", {}, { cookie: client.cookie });
    expect(first.status).toBe(200);
    // The first call of a session loads it; the next runs on the remembered session: one round trip.
    const again = await call("me", {}, { cookie: client.cookie });
    expect(again.usage).not.toBeNull();
    expect(again.usage!.roundTrips).toBe(1);
    expect(again.usage!.rowsRead).toBeGreaterThan(0);
    expect(again.usage!.rowsWritten).toBe(0);
  });

  it("counts rows written by a change, and reports refusals too", async () => {
    const admin = await createAdmin();
    const saved = await call(
      "updatebundle",
      { bundleId: 0, bundlePoin: 10, bundlePPP: 5, bundleDisc: 0, bundleIsActive: true },
      { cookie: admin.cookie },
    );
    expect(saved.status).toBe(200);
    expect(saved.usage!.rowsWritten).toBeGreaterThan(0);
    const anonymous = await call("searchuser", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.usage).toEqual({ roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0 });
  });

  it("answers the statements a call ran when asked (the bench times them), and only then", async () => {
    const admin = await createAdmin();
    await call("searchuser", {}, { cookie: admin.cookie });
    const plain = await call("searchuser", { search: "Test" }, { cookie: admin.cookie });
    expect(plain.headers.has(TRACE_HEADER)).toBe(false);
    const traced = await call("searchuser", { search: "Test" }, { cookie: admin.cookie, headers: { [TRACE_HEADER]: "1" } });
    const statements = parseTraceHeader(traced.headers.get(TRACE_HEADER)!);
    // The remembered session's check, the page and the total: what the call's usage counts.
    expect(statements).toHaveLength(traced.usage!.statements);
    expect(statements[0]!.sql).toContain("sessionHolds");
    expect(statements[1]!.sql).toContain("users_fts MATCH");
    expect(statements[1]!.params).toContain('"Test"');
    // Each runs again as it was sent.
    const page = await env.DB.prepare(statements[1]!.sql)
      .bind(...statements[1]!.params)
      .all();
    expect(page.results.length).toBe(traced.body.data.length);
  });
});
