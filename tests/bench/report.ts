/**
 * The bench's results as data: the JSON file of `npm run bench -- --json FILE`, the budgets of
 * docs/decisions/0002-budgets.md checked against it, and the printed tables. Pure functions (unit-tested
 * in tests/tools).
 */

export interface Throughput {
  reqPerSec: number;
  p99Ms: number;
  /** CPU milliseconds of the workerd process per request (the Worker, its local D1 and the runtime). */
  processCpuMs: number;
}

/** One measured call and case (say searchuser, "search"). */
export interface CallResult extends Throughput {
  call: string;
  case: string;
  /** Read calls carry the budgets of rows read, round trips and D1 time; writes are reported only. */
  kind: "read" | "write";
  roundTrips: number;
  /** Statements sent over those round trips (the session check, the page, the total…). */
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** D1's own time per call, from the call's statements repeated in one batch (reads only: null for writes). */
  d1Ms: number | null;
  /**
   * The Worker's CPU time per call: the process's per request, less hello-world's (the runtime serving a
   * request) and less D1's (it runs in the same process locally); a write's D1 time is not known, so
   * its figure includes it.
   */
  cpuMs: number;
  /** Why the case could not be measured (an error answer, say); it then counts as over budget. */
  error?: string;
}

/** A flow of write calls as a user makes them, with the D1 rows of all of them. */
export interface FlowResult {
  flow: string;
  /** Its budget's name in BUDGETS.flowRowsWritten. */
  budget: keyof typeof BUDGETS.flowRowsWritten;
  rowsWritten: number;
  rowsRead: number;
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
  /** hello-world, measured like the calls: what the runtime costs a request. */
  hello: Throughput;
  calls: CallResult[];
  flows: FlowResult[];
  firstPaint: FirstPaint[];
  sizes: Sizes;
}

/** The budgets of shared/DESIGN.md and docs/decisions/0002-budgets.md. */
export const BUDGETS = {
  rowsRead: 2_000,
  rowsReadByCall: { "dashboard-stats": 5_000 } as Record<string, number>,
  roundTrips: 1,
  /** D1's own milliseconds per read call. */
  d1Ms: 2,
  /** Rows written by a flow (per coupon for generate-coupons). */
  flowRowsWritten: { job: 40, sale: 60, coupon: 4 },
  firstPaintMs: 1_000,
  loginJsKb: 110,
  loginCssKb: 30,
  routeChunkKb: 60,
  workerKb: 250,
};

/** A call's result from its measured load and D1 usage; the Worker's CPU is the process's less hello-world's and D1's. */
export function callResult(
  base: Pick<CallResult, "call" | "case" | "kind" | "roundTrips" | "statements" | "rowsRead" | "rowsWritten" | "d1Ms">,
  measured: Throughput,
  hello: Throughput,
): CallResult {
  const cpuMs = Math.max(0, measured.processCpuMs - hello.processCpuMs - (base.d1Ms ?? 0));
  return { ...base, ...measured, cpuMs };
}

/** Which budgets a call is over (empty when within all of them; writes have none). */
export function callOver(result: CallResult): string[] {
  if (result.error) return [`error: ${result.error}`];
  if (result.kind === "write") return [];
  const over: string[] = [];
  const maxRows = BUDGETS.rowsReadByCall[result.call] ?? BUDGETS.rowsRead;
  if (result.rowsRead > maxRows) over.push(`rows read > ${maxRows}`);
  if (result.roundTrips > BUDGETS.roundTrips) over.push(`round trips > ${BUDGETS.roundTrips}`);
  if (result.d1Ms === null) over.push("D1 time not measured");
  else if (result.d1Ms > BUDGETS.d1Ms) over.push(`D1 time > ${BUDGETS.d1Ms} ms`);
  return over;
}

export function flowOver(flow: FlowResult): string[] {
  if (flow.error) return [`error: ${flow.error}`];
  const limit = BUDGETS.flowRowsWritten[flow.budget];
  return flow.rowsWritten > limit ? [`rows written > ${limit}`] : [];
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
    ...report.flows.flatMap((f) => flowOver(f).map((why) => `flow ${f.flow}: ${why}`)),
    ...report.firstPaint.flatMap((p) => firstPaintOver(p).map((why) => `first paint ${p.route}: ${why}`)),
    ...sizesOver(report.sizes),
  ];
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** The JSON file: figures rounded to what the machine can tell apart. */
export function reportJson(report: BenchReport): string {
  const throughput = (t: Throughput) => ({ reqPerSec: round(t.reqPerSec), p99Ms: round(t.p99Ms, 1) });
  return `${JSON.stringify(
    {
      rows: report.rows,
      seconds: report.seconds,
      hello: { ...throughput(report.hello), processCpuMs: round(report.hello.processCpuMs, 3) },
      calls: report.calls.map((c) => ({
        call: c.call,
        case: c.case,
        kind: c.kind,
        roundTrips: c.roundTrips,
        statements: c.statements,
        rowsRead: c.rowsRead,
        rowsWritten: c.rowsWritten,
        d1Ms: c.d1Ms === null ? null : round(c.d1Ms, 3),
        cpuMs: round(c.cpuMs, 3),
        ...throughput(c),
        ...(c.error ? { error: c.error } : {}),
        withinBudget: callOver(c).length === 0,
      })),
      flows: report.flows.map((f) => ({
        flow: f.flow,
        rowsWritten: f.rowsWritten,
        rowsRead: f.rowsRead,
        ...(f.error ? { error: f.error } : {}),
        withinBudget: flowOver(f).length === 0,
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

/** The printed result: the calls (hello-world first), the flows, first paint per route and the sizes, each with its verdict. */
export function formatReport(report: BenchReport): string {
  const n = (value: number) => round(value).toLocaleString("en-US");
  const ms = (value: number | null, digits = 2) => (value === null ? "" : value.toFixed(digits));
  const { hello } = report;
  const calls = markdownTable(
    ["call", "case", "trips", "statements", "rows read", "written", "D1 ms", "CPU ms", "req/s", "p99 ms", "budget"],
    [
      ["hello-world", "", "", "", "", "", "", ms(hello.processCpuMs, 3), n(hello.reqPerSec), hello.p99Ms.toFixed(1), ""],
      ...report.calls.map((c) => [
        c.call,
        c.case,
        String(c.roundTrips),
        String(c.statements),
        n(c.rowsRead),
        n(c.rowsWritten),
        ms(c.d1Ms, 3),
        ms(c.cpuMs, 3),
        n(c.reqPerSec),
        c.p99Ms.toFixed(1),
        okCell(callOver(c)),
      ]),
    ],
    [false, false, true, true, true, true, true, true, true, true, false],
  );
  const flows = markdownTable(
    ["flow", "rows written", "rows read", "budget"],
    report.flows.map((f) => [
      f.flow,
      n(f.rowsWritten),
      n(f.rowsRead),
      `≤ ${BUDGETS.flowRowsWritten[f.budget]} ${okCell(flowOver(f))}`,
    ]),
    [false, true, true, false],
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
    `${BUDGETS.roundTrips} round trip, ≤ ${BUDGETS.d1Ms} ms of D1 time; rows written by flows as listed; first paint ` +
    `< ${n(BUDGETS.firstPaintMs)} ms. CPU ms: the Worker's, per call (the process's less hello-world's and D1's; a write's ` +
    `includes its D1 time).`;
  return [`${n(report.rows)} rows per large table, ${report.seconds} s per target`, calls, flows, budgets, paints, sizes].join(
    "\n\n",
  );
}
