/**
 * `npm run bench [-- --json FILE]`: the budgets of docs/decisions/0002-budgets.md in one run. Builds
 * the SPA and bundles the Worker as deployed (sizes), seeds BENCH_ROWS rows per large table, runs the
 * portal and a hello-world Worker on one workerd without dev tooling (harness.ts), measures every
 * read call and three writes (D1 round trips and rows, D1's own time, the Worker's CPU, req/s, p99),
 * the rows three flows of writes cost (flows.ts), the first meaningful paint of the main routes in
 * Chromium and the first visit of the public pages (Lighthouse 12.2.3 mobile, median of 3, and the Worker
 * invocations of a cold load: public-pages.ts; about 10 minutes of the run), prints the tables and exits
 * non-zero when anything is over budget. Not part of `npm test`. BENCH_ROWS (default 100000) and
 * BENCH_SECONDS (default 5, per target) scale it down: `BENCH_ROWS=2000 BENCH_SECONDS=1 npm run bench`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateLocal } from "../../scripts/lib";
import { seedLocal } from "../../scripts/platform";
import { DEMO_CLIENT } from "../../scripts/seed-data";
import { SCHEDULES } from "../../worker/src/schedules";
import { callCases, type CallCase, type Who } from "./calls";
import { d1Millis, type TimingDb } from "./d1-time";
import { measureFlows } from "./flows";
import { HELLO_PATHS, startBenchServer } from "./harness";
import { callTarget, isKnownCall, measure, payerState, probeStatements, probeUsage, signIn, WARM_UP_SECONDS } from "./load";
import { firstPaints } from "./paint";
import { workerdChildren } from "./process-cpu";
import { formatPublicPages, publicPageFigures, publicPagesOver } from "./public-pages";
import { callResult, formatReport, overBudget, reportJson, type BenchReport, type CallResult } from "./report";
import { readSeedContext, seedBulk } from "./seed-bulk";
import { buildWeb, bundleWorker, webSizes, workerKb } from "./sizes";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** More redeem-coupon requests per second than this machine can serve: the pool never runs dry. */
const MAX_WRITES_PER_SECOND = 3_000;

function jsonPath(args: string[]): string | null {
  const at = args.indexOf("--json");
  if (at === -1) return null;
  const file = args[at + 1];
  if (!file) throw new Error("--json needs a file name");
  return path.resolve(file);
}

const log = (text: string) => console.error(`bench: ${text}`);

async function main() {
  const jsonFile = jsonPath(process.argv.slice(2));
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const notes: string[] = [];
  try {
    log("building the web app…");
    const webDir = path.join(work, "client");
    const web = webSizes(await buildWeb(webDir), webDir);
    notes.push(web.note);
    log("bundling the Workers (wrangler deploy --dry-run)…");
    const portalBundle = await bundleWorker(path.join(work, "portal"));
    const helloBundle = await bundleWorker(path.join(work, "hello"), "tests/bench/hello.toml");
    const pdfBundle = await bundleWorker(path.join(work, "pdf"), "pdf/wrangler.toml");

    const stateDir = path.join(work, "state");
    log("applying migrations and the demo seed…");
    await migrateLocal(stateDir, { quiet: true });
    const admin = await seedLocal(stateDir).then((r) => r.admin);
    const known = workerdChildren();
    const server = await startBenchServer({ stateDir, portalBundle, helloBundle, pdfBundle, assetsDir: webDir });
    // The workerd process of the portal, its D1 and hello-world: whose CPU per request is measured.
    const pid = [...workerdChildren()].find((p) => !known.has(p)) ?? null;
    if (pid === null) notes.push("workerd's process not found: CPU figures are 0");
    try {
      const ctx = await readSeedContext(server.db, admin.email.toLowerCase(), DEMO_CLIENT.email);
      log(`seeding ${ROWS} rows per large table…`);
      const poolSize = MAX_WRITES_PER_SECOND * (SECONDS + WARM_UP_SECONDS) + 100;
      const seeded = await seedBulk(server.db, ctx, ROWS, poolSize);
      notes.push(`seeded ${ROWS} rows per large table (+ ${poolSize} coupons for redeem-coupon) in ${seeded.toFixed(0)} s`);
      // A portal that has run for a day has had its daily upkeep (the search indexes merged).
      log("running the daily cron…");
      await server.runSchedule(SCHEDULES.daily);

      const sessions: Record<Who, Awaited<ReturnType<typeof signIn>>> = {
        admin: await signIn(server.url, admin),
        client: await signIn(server.url, DEMO_CLIENT),
      };
      log(`measuring (autocannon, ${SECONDS} s per target after ${WARM_UP_SECONDS} s of warm-up)…`);
      const hello = await measure(server.url, { path: HELLO_PATHS.hello }, SECONDS, pid);
      /** D1's time for a read case's statements; null (over budget, with a note) when they cannot be had. */
      const timeD1 = async (c: CallCase, cookie: string) => {
        try {
          return await d1Millis(server.db as unknown as TimingDb, await probeStatements(server.url, c, cookie));
        } catch (error) {
          notes.push(`${c.call} (${c.case}): D1 time not measured: ${(error as Error).message}`);
          return null;
        }
      };
      const calls: CallResult[] = [];
      for (const c of callCases(ctx)) {
        const { cookie } = sessions[c.who];
        if (!(await isKnownCall(server.url, c.call, cookie))) {
          notes.push(`${c.call}: not in the route table, skipped`);
          continue;
        }
        log(`${c.call} (${c.case})`);
        const base = { call: c.call, case: c.case, kind: c.kind };
        try {
          const measured = await measure(server.url, callTarget(c, cookie), SECONDS, pid);
          const usage = await probeUsage(server.url, c, cookie);
          // A write's statements change rows: they are not run again to be timed.
          const d1Ms = c.kind === "read" ? await timeD1(c, cookie) : null;
          calls.push(callResult({ ...base, ...usage, d1Ms }, measured, hello));
        } catch (error) {
          const failed = { ...base, roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0, d1Ms: null };
          calls.push({
            ...callResult(failed, { reqPerSec: 0, p99Ms: 0, processCpuMs: 0 }, hello),
            error: (error as Error).message,
          });
        }
      }

      log("flows of writes…");
      const flows = await measureFlows(server.url, ctx, admin, DEMO_CLIENT);

      log("first meaningful paint in Chromium…");
      // The payment a payer opens: one still to pay, made now (the seed's open ones are expired by the cron,
      // and the newest payment is the sale flow's, paid: its page has no bank details to paint).
      const payment = await payerState(server.url, sessions.client.cookie, ctx.bundles[0]!.bundleId);
      const firstPaint = await firstPaints(server.url, sessions, payment.referenceId);
      log("the first visit: Worker invocations and Lighthouse on the public pages…");
      const firstVisit = await publicPageFigures(server.url, payment.referenceId);

      const report: BenchReport = {
        rows: ROWS,
        seconds: SECONDS,
        hello,
        calls,
        flows,
        firstPaint,
        sizes: {
          loginJsKb: web.loginJsKb,
          loginCssKb: web.loginCssKb,
          workerKb: workerKb(portalBundle.dir),
          routeChunksKb: web.routeChunksKb,
        },
      };
      console.log(formatReport(report));
      console.log(formatPublicPages(firstVisit));
      for (const note of notes) console.log(`- ${note}`);
      if (jsonFile) {
        writeFileSync(jsonFile, JSON.stringify({ ...JSON.parse(reportJson(report)), firstVisit }, null, 2));
        console.log(`- wrote ${jsonFile}`);
      }
      const over = [...overBudget(report), ...publicPagesOver(firstVisit)];
      if (over.length > 0) {
        console.log(`\n${over.length} figure(s) over budget:\n${over.map((o) => `  - ${o}`).join("\n")}`);
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
