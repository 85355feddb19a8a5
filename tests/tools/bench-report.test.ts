import { describe, expect, it } from "vitest";
import {
  BUDGETS,
  callOver,
  callResult,
  formatReport,
  markdownTable,
  overBudget,
  reportJson,
  type BenchReport,
  type CallResult,
} from "../bench/report";
import { parseUsageHeader, usageHeader } from "../../worker/src/db/usage";

const baselines = { hello: { reqPerSec: 4000, p99Ms: 5 }, oneTrip: { reqPerSec: 1000, p99Ms: 12 } };
const read = (over: Partial<CallResult> = {}): CallResult => ({
  ...callResult(
    { call: "searchuser", case: "all", kind: "read", roundTrips: 1, statements: 1, rowsRead: 12, rowsWritten: 0 },
    { reqPerSec: 600, p99Ms: 30 },
    baselines,
  ),
  ...over,
});

function report(calls: CallResult[]): BenchReport {
  return {
    rows: 100_000,
    seconds: 5,
    baselines,
    calls,
    firstPaint: [{ route: "/login", ms: 640, runs: [640, 700, 600] }],
    sizes: { loginJsKb: 104.2, loginCssKb: 23.3, workerKb: 200.4, routeChunksKb: { "sites/pages/SitePage.tsx": 2.6 } },
  };
}

describe("the bench's budgets", () => {
  it("gives each call its share of hello-world and of hello-world + one D1 round trip", () => {
    const result = read();
    expect(result.ofHello).toBe(15);
    expect(result.ofOneTrip).toBe(60);
    // Against the baseline measured in slices beside the call, when there is one.
    const paired = callResult(
      { call: "searchuser", case: "all", kind: "read", roundTrips: 1, statements: 1, rowsRead: 12, rowsWritten: 0 },
      { reqPerSec: 600, p99Ms: 30 },
      baselines,
      { reqPerSec: 800, p99Ms: 14 },
    );
    expect(paired.ofOneTrip).toBe(75);
    expect(paired.ofHello).toBe(15);
  });

  it("holds a read call to its rows, its one round trip and half the one-trip floor", () => {
    expect(callOver(read())).toEqual([]);
    expect(callOver(read({ rowsRead: 2_001 }))).toEqual(["rows read > 2000"]);
    expect(callOver(read({ roundTrips: 2 }))).toEqual(["round trips > 1"]);
    expect(callOver(read({ ofOneTrip: 49.9 }))).toEqual(["< 50 % of one trip"]);
    expect(callOver(read({ call: "dashboard-stats", rowsRead: 4_900 }))).toEqual([]);
    expect(callOver(read({ call: "dashboard-stats", rowsRead: 5_001 }))).toEqual(["rows read > 5000"]);
  });

  it("reports writes without a budget, and a case that could not be measured as over", () => {
    expect(callOver(read({ kind: "write", rowsRead: 90_000, roundTrips: 4, ofOneTrip: 5 }))).toEqual([]);
    expect(callOver(read({ error: "3 non-2xx answers" }))).toEqual(["error: 3 non-2xx answers"]);
  });

  it("lists every figure over budget: calls, first paints and sizes", () => {
    const slow = report([read(), read({ case: "search", rowsRead: 8_000 })]);
    slow.firstPaint.push({ route: "/portal/site", ms: 1_000, runs: [1_000] });
    slow.sizes.loginJsKb = BUDGETS.loginJsKb + 0.1;
    slow.sizes.routeChunksKb["users/pages/UserViewPage.tsx"] = 61;
    expect(overBudget(slow)).toEqual([
      "searchuser (search): rows read > 2000",
      "first paint /portal/site: ≥ 1000 ms",
      "/login JS > 110 kB",
      "route chunk users/pages/UserViewPage.tsx > 60 kB",
    ]);
    expect(overBudget(report([read()]))).toEqual([]);
  });
});

describe("the bench's JSON file", () => {
  it("has the shape of issue 13, rounded, with each figure's verdict", () => {
    const written = JSON.parse(reportJson(report([read({ reqPerSec: 612.345, p99Ms: 31.26 })])));
    expect(Object.keys(written)).toEqual(["rows", "seconds", "baselines", "calls", "firstPaint", "sizes", "overBudget"]);
    expect(written.baselines).toEqual({ hello: { reqPerSec: 4000, p99Ms: 5 }, oneTrip: { reqPerSec: 1000, p99Ms: 12 } });
    expect(written.calls).toEqual([
      {
        call: "searchuser",
        case: "all",
        kind: "read",
        roundTrips: 1,
        statements: 1,
        rowsRead: 12,
        rowsWritten: 0,
        reqPerSec: 612,
        p99Ms: 31.3,
        ofHello: 15,
        ofOneTrip: 60,
        withinBudget: true,
      },
    ]);
    expect(written.firstPaint).toEqual([{ route: "/login", ms: 640, runs: [640, 700, 600], withinBudget: true }]);
    expect(written.sizes).toEqual({
      loginJsKb: 104.2,
      loginCssKb: 23.3,
      workerKb: 200.4,
      routeChunksKb: { "sites/pages/SitePage.tsx": 2.6 },
    });
    expect(written.overBudget).toEqual([]);
  });
});

describe("the bench's printout", () => {
  it("lines columns up, numbers to the right", () => {
    expect(
      markdownTable(
        ["call", "req/s"],
        [
          ["me", "1,200"],
          ["searchuser", "80"],
        ],
        [false, true],
      ),
    ).toBe(["| call       | req/s |", "| ---------- | ----: |", "| me         | 1,200 |", "| searchuser |    80 |"].join("\n"));
  });

  it("prints the baselines, each call with its verdict, first paints and sizes", () => {
    const text = formatReport(report([read(), read({ case: "search", rowsRead: 8_000 })]));
    expect(text).toContain("| hello-world ");
    expect(text).toContain("| hello + SELECT 1 ");
    expect(text).toMatch(/\| searchuser +\| search +\|.*\| OVER \(rows read > 2000\) +\|/);
    expect(text).toMatch(/\| searchuser +\| all +\|.*\| ok +\|/);
    expect(text).toMatch(/\| \/login +\| +640 \| 640 700 600 \| ok/);
    expect(text).toMatch(/\| Worker bundle +\| +200\.4 \| +≤ 250 \| ok/);
  });
});

describe("the D1 meter's header, as the bench reads it", () => {
  it("parses what the portal writes, and nothing else", () => {
    const usage = { roundTrips: 1, statements: 2, rowsRead: 2_017, rowsWritten: 3 };
    expect(parseUsageHeader(usageHeader(usage))).toEqual(usage);
    expect(parseUsageHeader(`cache;dur=2, ${usageHeader(usage)}`)).toEqual(usage);
    expect(parseUsageHeader("db;dur=3")).toBeNull();
    expect(parseUsageHeader(null)).toBeNull();
  });
});
