/**
 * The bench's results as data: the JSON file of `npm run bench -- --json FILE`, the budgets of
 * DESIGN.md checked against it, and the printed table. Pure functions (unit-tested in tests/tools).
 */

export interface Throughput {
  reqPerSec: number;
  p99Ms: number;
}

/** One measured call and case (say searchuser, "search"). */
export interface CallResult extends Throughput {
  call: string;
  case: string;
  /** Read calls carry the budgets of rows read, round trips and throughput; writes are reported only. */
  kind: "read" | "write";
  roundTrips: number;
  /** Statements sent over those round trips (a read folded into one statement: 1). */
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Share of hello-world's req/s, in percent. */
  ofHello: number;
  /**
   * Share of hello-world + one D1 round trip's req/s, in percent: against the baseline measured in
   * slices alternating with this call's (load.ts measurePaired), when there is one.
   */
  ofOneTrip: number;
  /** Why the case could not be measured (an error answer, say); it then counts as over budget. */
  error?: string;
}

export interface FirstPaint {
  route: string;
  /** Median of the cold loads, from navigation start to the route's first meaningful paint. */
  ms: number;
  /** Every load's figure, in ms. */
  runs: number[];
  error?: string;
}

export interface Sizes {
  loginJsKb: number;
  loginCssKb: number;
  workerKb: number;
  routeChunksKb: Record<string, number>;
}

export interface BenchReport {
  rows: number;
  seconds: number;
  baselines: { hello: Throughput; oneTrip: Throughput };
  calls: CallResult[];
  firstPaint: FirstPaint[];
  sizes: Sizes;
}

/** The budgets of shared/DESIGN.md and docs/decisions/0002-budgets.md. */
export const BUDGETS = {
  rowsRead: 2_000,
  rowsReadByCall: { "dashboard-stats": 5_000 } as Record<string, number>,
  roundTrips: 1,
  /** Percent of hello-world + one D1 round trip. */
  ofOneTrip: 50,
  firstPaintMs: 1_000,
  loginJsKb: 110,
  loginCssKb: 30,
  routeChunkKb: 60,
  workerKb: 250,
};

/** A call's result from its measured throughput and D1 usage, with its shares of both baselines. */
export function callResult(
  base: Pick<CallResult, "call" | "case" | "kind" | "roundTrips" | "statements" | "rowsRead" | "rowsWritten">,
  measured: Throughput,
  baselines: BenchReport["baselines"],
  pairedOneTrip?: Throughput,
): CallResult {
  const share = (of: number) => (of > 0 ? (100 * measured.reqPerSec) / of : 0);
  return {
    ...base,
    ...measured,
    ofHello: share(baselines.hello.reqPerSec),
    ofOneTrip: share((pairedOneTrip ?? baselines.oneTrip).reqPerSec),
  };
}

/** Which budgets a call is over (empty when within all of them; writes have none). */
export function callOver(result: CallResult): string[] {
  if (result.error) return [`error: ${result.error}`];
  if (result.kind === "write") return [];
  const over: string[] = [];
  const maxRows = BUDGETS.rowsReadByCall[result.call] ?? BUDGETS.rowsRead;
  if (result.rowsRead > maxRows) over.push(`rows read > ${maxRows}`);
  if (result.roundTrips > BUDGETS.roundTrips) over.push(`round trips > ${BUDGETS.roundTrips}`);
  if (result.ofOneTrip < BUDGETS.ofOneTrip) over.push(`< ${BUDGETS.ofOneTrip} % of one trip`);
  return over;
}

export function firstPaintOver(paint: FirstPaint): string[] {
  if (paint.error) return [`error: ${paint.error}`];
  return paint.ms < BUDGETS.firstPaintMs ? [] : [`≥ ${BUDGETS.firstPaintMs} ms`];
}

export function sizesOver(sizes: Sizes): string[] {
  const over: string[] = [];
  if (sizes.loginJsKb > BUDGETS.loginJsKb) over.push(`/login JS > ${BUDGETS.loginJsKb} kB`);
  if (sizes.loginCssKb > BUDGETS.loginCssKb) over.push(`/login CSS > ${BUDGETS.loginCssKb} kB`);
  if (sizes.workerKb > BUDGETS.workerKb) over.push(`Worker > ${BUDGETS.workerKb} kB`);
  for (const [chunk, kb] of Object.entries(sizes.routeChunksKb)) {
    if (kb > BUDGETS.routeChunkKb) over.push(`route chunk ${chunk} > ${BUDGETS.routeChunkKb} kB`);
  }
  return over;
}

/** Every budget the report is over, one line each (empty: all within budget). */
export function overBudget(report: BenchReport): string[] {
  return [
    ...report.calls.flatMap((c) => callOver(c).map((why) => `${c.call} (${c.case}): ${why}`)),
    ...report.firstPaint.flatMap((p) => firstPaintOver(p).map((why) => `first paint ${p.route}: ${why}`)),
    ...sizesOver(report.sizes),
  ];
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** The JSON file: the shape issue 13 names, figures rounded to what the machine can tell apart. */
export function reportJson(report: BenchReport): string {
  const throughput = (t: Throughput) => ({ reqPerSec: round(t.reqPerSec), p99Ms: round(t.p99Ms, 1) });
  return `${JSON.stringify(
    {
      rows: report.rows,
      seconds: report.seconds,
      baselines: { hello: throughput(report.baselines.hello), oneTrip: throughput(report.baselines.oneTrip) },
      calls: report.calls.map((c) => ({
        call: c.call,
        case: c.case,
        kind: c.kind,
        roundTrips: c.roundTrips,
        statements: c.statements,
        rowsRead: c.rowsRead,
        rowsWritten: c.rowsWritten,
        ...throughput(c),
        ofHello: round(c.ofHello, 1),
        ofOneTrip: round(c.ofOneTrip, 1),
        ...(c.error ? { error: c.error } : {}),
        withinBudget: callOver(c).length === 0,
      })),
      firstPaint: report.firstPaint.map((p) => ({
        route: p.route,
        ms: round(p.ms),
        runs: p.runs.map((ms) => round(ms)),
        ...(p.error ? { error: p.error } : {}),
        withinBudget: firstPaintOver(p).length === 0,
      })),
      sizes: {
        loginJsKb: round(report.sizes.loginJsKb, 1),
        loginCssKb: round(report.sizes.loginCssKb, 1),
        workerKb: round(report.sizes.workerKb, 1),
        routeChunksKb: Object.fromEntries(Object.entries(report.sizes.routeChunksKb).map(([k, v]) => [k, round(v, 1)])),
      },
      overBudget: overBudget(report),
    },
    null,
    2,
  )}\n`;
}

/** A Markdown table (the header row, a rule, then the rows), columns padded to line up. */
export function markdownTable(head: string[], rows: string[][], alignRight: boolean[] = []): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const cell = (text: string, i: number) => (alignRight[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (alignRight[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}

const okCell = (over: string[]) => (over.length === 0 ? "ok" : `OVER (${over.join("; ")})`);

/**
 * The printed result: the calls table (the baselines first), then first paint per route and the
 * sizes, each figure with its budget's verdict.
 */
export function formatReport(report: BenchReport): string {
  const n = (value: number) => round(value).toLocaleString("en-US");
  const { hello, oneTrip } = report.baselines;
  const baseline = (name: string, t: Throughput, ofHello: number): string[] => [
    name,
    "",
    "",
    "",
    "",
    "",
    n(t.reqPerSec),
    t.p99Ms.toFixed(1),
    ofHello.toFixed(0),
    "",
    "",
  ];
  const calls = markdownTable(
    ["call", "case", "trips", "statements", "rows read", "written", "req/s", "p99 ms", "% hello", "% 1 trip", "budget"],
    [
      baseline("hello-world", hello, 100),
      baseline("hello + SELECT 1", oneTrip, hello.reqPerSec > 0 ? (100 * oneTrip.reqPerSec) / hello.reqPerSec : 0),
      ...report.calls.map((c) => [
        c.call,
        c.case,
        String(c.roundTrips),
        String(c.statements),
        n(c.rowsRead),
        n(c.rowsWritten),
        n(c.reqPerSec),
        c.p99Ms.toFixed(1),
        c.ofHello.toFixed(0),
        c.ofOneTrip.toFixed(0),
        okCell(callOver(c)),
      ]),
    ],
    [false, false, true, true, true, true, true, true, true, true, false],
  );
  const paints = markdownTable(
    ["first meaningful paint", "median ms", "runs ms", "budget"],
    report.firstPaint.map((p) => [p.route, n(p.ms), p.runs.map(n).join(" "), okCell(firstPaintOver(p))]),
    [false, true, false, false],
  );
  const s = report.sizes;
  const size = (name: string, kb: number, limit: number) => [name, kb.toFixed(1), `≤ ${limit}`, kb <= limit ? "ok" : "OVER"];
  const sizes = markdownTable(
    ["size (gzipped)", "kB", "budget kB", "ok"],
    [
      size("first load of /login: JS", s.loginJsKb, BUDGETS.loginJsKb),
      size("first load of /login: CSS", s.loginCssKb, BUDGETS.loginCssKb),
      size("Worker bundle", s.workerKb, BUDGETS.workerKb),
      ...Object.entries(s.routeChunksKb)
        .sort(([, a], [, b]) => b - a)
        .map(([chunk, kb]) => size(`route chunk ${chunk}`, kb, BUDGETS.routeChunkKb)),
    ],
    [false, true, true, false],
  );
  const budgets =
    `Budgets: read calls ≤ ${n(BUDGETS.rowsRead)} rows read (dashboard-stats ≤ ${n(BUDGETS.rowsReadByCall["dashboard-stats"]!)}), ` +
    `${BUDGETS.roundTrips} round trip, ≥ ${BUDGETS.ofOneTrip} % of hello + SELECT 1 (measured in one-second slices ` +
    `alternating with each call's); first paint < ${n(BUDGETS.firstPaintMs)} ms.`;
  return [`${n(report.rows)} rows per large table, ${report.seconds} s per target`, calls, budgets, paints, sizes].join("\n\n");
}
