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
  type FlowResult,
} from "../bench/report";
import { parseUsageHeader, usageHeader } from "../../worker/src/db/usage";

const hello = { reqPerSec: 4000, p99Ms: 5, processCpuMs: 0.2 };
const read = (over: Partial<CallResult> = {}): CallResult => ({
  ...callResult(
    { call: "searchuser", case: "all", kind: "read", roundTrips: 1, statements: 3, rowsRead: 12, rowsWritten: 0, d1Ms: 0.25 },
    { reqPerSec: 600, p99Ms: 30, processCpuMs: 0.7 },
    hello,
  ),
  ...over,
});
const flows = (): FlowResult[] => [
  { flow: "job: submit + claim + finish", budget: "job", rowsWritten: 33, rowsRead: 90 },
  { flow: "sale: register → confirm → sign out", budget: "sale", rowsWritten: 56, rowsRead: 170 },
  { flow: "generate-coupons, per coupon", budget: "coupon", rowsWritten: 4, rowsRead: 2 },
];

function report(calls: CallResult[], flowResults = flows()): BenchReport {
  return {
    rows: 100_000,
    seconds: 5,
    hello,
    calls,
    flows: flowResults,
    firstPaint: [{ route: "/login", ms: 640, runs: [640, 700, 600] }],
    sizes: { loginJsKb: 104.2, loginCssKb: 23.3, workerKb: 200.4, routeChunksKb: { "sites/pages/SitePage.tsx": 2.6 } },
  };
}

describe("the bench's budgets", () => {
  it("takes the Worker's CPU as the process's per request, less hello-world's and D1's", () => {
    expect(read().cpuMs).toBeCloseTo(0.25, 6);
    // A write's D1 time is not known: its figure keeps it. Never below zero.
    const write = callResult(
      {
        call: "submit-job",
        case: "client",
        kind: "write",
        roundTrips: 2,
        statements: 6,
        rowsRead: 40,
        rowsWritten: 21,
        d1Ms: null,
      },
      { reqPerSec: 100, p99Ms: 80, processCpuMs: 3 },
      hello,
    );
    expect(write.cpuMs).toBeCloseTo(2.8, 6);
    expect(read({ d1Ms: 0.1 }).cpuMs).toBeCloseTo(0.25, 6);
    expect(callResult({ ...read(), d1Ms: 5 }, { reqPerSec: 1, p99Ms: 1, processCpuMs: 1 }, hello).cpuMs).toBe(0);
  });

  it("holds a read call to its rows, its one round trip and 2 ms of D1 time", () => {
    expect(callOver(read())).toEqual([]);
    expect(callOver(read({ rowsRead: 2_001 }))).toEqual(["rows read > 2000"]);
    expect(callOver(read({ roundTrips: 2 }))).toEqual(["round trips > 1"]);
    expect(callOver(read({ d1Ms: 2.01 }))).toEqual(["D1 time > 2 ms"]);
    expect(callOver(read({ d1Ms: null }))).toEqual(["D1 time not measured"]);
    expect(callOver(read({ call: "dashboard-stats", rowsRead: 4_900 }))).toEqual([]);
    expect(callOver(read({ call: "dashboard-stats", rowsRead: 5_001 }))).toEqual(["rows read > 5000"]);
  });

  it("holds flows to their rows written, reports writes without a budget, and a case that could not be measured as over", () => {
    expect(overBudget(report([read()]))).toEqual([]);
    const [job, sale, coupon] = flows();
    const heavy = report(
      [read()],
      [
        { ...job!, rowsWritten: 41 },
        { ...sale!, rowsWritten: 61 },
        { ...coupon!, rowsWritten: 4.01 },
      ],
    );
    expect(overBudget(heavy)).toEqual([
      "flow job: submit + claim + finish: rows written > 40",
      "flow sale: register → confirm → sign out: rows written > 60",
      "flow generate-coupons, per coupon: rows written > 4",
    ]);
    expect(callOver(read({ kind: "write", rowsRead: 90_000, roundTrips: 4, d1Ms: null }))).toEqual([]);
    expect(callOver(read({ error: "3 non-2xx answers" }))).toEqual(["error: 3 non-2xx answers"]);
    expect(overBudget(report([read()], [{ ...job!, error: "claim-jobs took no job" }]))).toEqual([
      "flow job: submit + claim + finish: error: claim-jobs took no job",
    ]);
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
  });
});

describe("the bench's JSON file", () => {
  it("has calls with their D1 time and CPU, and flows with their rows, rounded, with each figure's verdict", () => {
    const written = JSON.parse(reportJson(report([read({ reqPerSec: 612.345, p99Ms: 31.26, d1Ms: 0.12345 })])));
    expect(Object.keys(written)).toEqual(["rows", "seconds", "hello", "calls", "flows", "firstPaint", "sizes", "overBudget"]);
    expect(written.hello).toEqual({ reqPerSec: 4000, p99Ms: 5, processCpuMs: 0.2 });
    expect(written.calls).toEqual([
      {
        call: "searchuser",
        case: "all",
        kind: "read",
        roundTrips: 1,
        statements: 3,
        rowsRead: 12,
        rowsWritten: 0,
        d1Ms: 0.123,
        cpuMs: 0.25,
        reqPerSec: 612,
        p99Ms: 31.3,
        withinBudget: true,
      },
    ]);
    expect(written.flows).toEqual([
      { flow: "job: submit + claim + finish", rowsWritten: 33, rowsRead: 90, withinBudget: true },
      { flow: "sale: register → confirm → sign out", rowsWritten: 56, rowsRead: 170, withinBudget: true },
      { flow: "generate-coupons, per coupon", rowsWritten: 4, rowsRead: 2, withinBudget: true },
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

  it("prints hello-world, each call with its D1 time, CPU and verdict, the flows, first paints and sizes", () => {
    const text = formatReport(report([read(), read({ case: "search", rowsRead: 8_000 })]));
    expect(text).toContain("| hello-world ");
    expect(text).toMatch(
      /\| call +\| case +\| trips \| statements \| rows read \| written \| D1 ms \| CPU ms \| req\/s \| p99 ms \| budget/,
    );
    expect(text).toMatch(/\| searchuser +\| all +\| +1 \| +3 \| +12 \| +0 \| +0\.250 \| +0\.250 \|/);
    expect(text).toMatch(/\| job: submit \+ claim \+ finish +\| +33 \| +90 \| ≤ 40 ok/);
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
