/**
 * `npm run bench:first-visit [-- --client DIR] [--baseline DIR] [--no-lighthouse] [--only /path,/path]`: the two
 * first-visit figures of `npm run bench` (run.ts) alone, for a before/after in a few minutes: the first
 * meaningful paint of the main routes (paint.ts) and Lighthouse on the public pages with the Worker
 * invocations of a cold load (public-pages.ts). Builds the SPA into a temporary folder (or serves an
 * existing build, `--client dist/client`), bundles the Workers, applies the migrations and the demo seed
 * with BENCH_ROWS (default 200) rows per large table, runs the same harness as the bench, prints both
 * tables and exits non-zero over their budgets. `--only` keeps the paint routes named (Lighthouse is
 * skipped then, as with `--no-lighthouse`); `--pages login,payment` the Lighthouse pages, `--no-paint`
 * skips the paints. `--baseline DIR` serves another build (say main's: `git
 * worktree add --detach /tmp/base main && cd /tmp/base && npx vite build --outDir /tmp/base-client`) on
 * a second portal and measures each route on both in turn: on a shared machine whose load moves by the
 * minute, a before/after taken minutes apart says little. `--trace /portal/item` (a route's path or label)
 * prints instead the timeline of one cold load of that route (timeline.ts): each file and call, the long
 * animation frames and the paints, after one load that warms the server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateLocal } from "../../scripts/lib";
import { seedLocal } from "../../scripts/platform";
import { DEMO_CLIENT } from "../../scripts/seed-data";
import type { Who } from "./calls";
import { HELLO_PATHS, startBenchServer, type WorkerBundle } from "./harness";
import { payerState, signIn } from "./load";
import { firstPaints, launchBenchBrowser, paintRoutes, type PaintRoute } from "./paint";
import {
  formatPublicPages,
  lighthouseFigures,
  publicPages,
  publicPagesOver,
  workerInvocations,
  type LighthouseResult,
  type PublicPagesReport,
} from "./public-pages";
import { firstPaintOver, markdownTable, type FirstPaint } from "./report";
import { readSeedContext, seedBulk } from "./seed-bulk";
import { buildWeb, bundleWorker } from "./sizes";
import { coldLoadTimeline, formatTimeline } from "./timeline";

const ROWS = Number(process.env.BENCH_ROWS ?? 200);

interface FirstVisitOptions {
  /** An existing build to serve instead of building one. */
  client: string | null;
  /** Another build (main's, say) whose paints are measured route by route in turn with this one's. */
  baseline: string | null;
  lighthouse: boolean;
  paint: boolean;
  /** Paint routes to measure (their path or label); all when empty. */
  only: string[];
  /** Public pages Lighthouse opens (their label: landing, pricing, login, payment, faq, help center); all when empty. */
  pages: string[];
  /** A paint route whose cold load's timeline is printed instead of the figures. */
  trace: string | null;
}

function firstVisitOptions(args: string[]): FirstVisitOptions {
  const valueOf = (flag: string) => {
    const at = args.indexOf(flag);
    if (at === -1) return null;
    const value = args[at + 1];
    if (!value || value.startsWith("--")) throw new Error(`${flag} needs a value`);
    return value;
  };
  const known = new Set(["--client", "--baseline", "--no-lighthouse", "--no-paint", "--only", "--pages", "--trace"]);
  const unknown = args.find((arg, i) => arg.startsWith("--") && !known.has(arg) && !known.has(args[i - 1] ?? ""));
  if (unknown) throw new Error(`unknown option ${unknown}`);
  const client = valueOf("--client");
  const only = (valueOf("--only") ?? "").split(",").filter(Boolean);
  const baseline = valueOf("--baseline");
  return {
    client: client ? path.resolve(client) : null,
    baseline: baseline ? path.resolve(baseline) : null,
    lighthouse: !args.includes("--no-lighthouse") && only.length === 0,
    paint: !args.includes("--no-paint"),
    only,
    pages: (valueOf("--pages") ?? "").split(",").filter(Boolean),
    trace: valueOf("--trace"),
  };
}

const log = (text: string) => console.error(`bench:first-visit: ${text}`);

type Bundles = Record<"portalBundle" | "helloBundle" | "pdfBundle", WorkerBundle>;

/** A portal serving the build in `webDir` on its own seeded database, with the sessions and payment the paints open. */
async function startPortal(work: string, name: string, webDir: string, bundles: Bundles) {
  const stateDir = path.join(work, `state-${name}`);
  await migrateLocal(stateDir, { quiet: true });
  const admin = (await seedLocal(stateDir)).admin;
  const server = await startBenchServer({ stateDir, ...bundles, assetsDir: webDir });
  try {
    const ctx = await readSeedContext(server.db, admin.email.toLowerCase(), DEMO_CLIENT.email);
    await seedBulk(server.db, ctx, ROWS, 100);
    // The isolate started and its first answers given, as in the bench (which measures calls before paints).
    await fetch(`${server.url}${HELLO_PATHS.hello}`).then((r) => r.arrayBuffer());
    const sessions: Record<Who, Awaited<ReturnType<typeof signIn>>> = {
      admin: await signIn(server.url, admin),
      client: await signIn(server.url, DEMO_CLIENT),
    };
    const payment = await payerState(server.url, sessions.client.cookie, ctx.bundles[0]!.bundleId);
    return { server, sessions, referenceId: payment.referenceId };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

type Portal = Awaited<ReturnType<typeof startPortal>>;

const paintsOf = (portal: Portal, keep: (route: PaintRoute) => boolean) =>
  firstPaints(portal.server.url, portal.sessions, portal.referenceId, keep);

const cell = (p: FirstPaint | undefined) =>
  !p ? "—" : p.error ? p.error : `${Math.round(p.ms)} (${p.runs.map(Math.round).join(" ")})`;

/**
 * Lighthouse on the public pages (`labels`, else all), page by page on the baseline then on the build,
 * and the build's Worker invocations of a cold load.
 */
async function lighthouseOn(portal: Portal, baseline: Portal | null, labels: string[]) {
  const pagesOf = (p: Portal) => publicPages(p.referenceId).filter((page) => labels.length === 0 || labels.includes(page.label));
  const invocations = await workerInvocations(portal.server.url, ["/login", `/payment/${portal.referenceId}`]);
  const loadBefore = os.loadavg()[0]!;
  const build: LighthouseResult[] = [];
  const before: LighthouseResult[] = [];
  for (const [i, page] of pagesOf(portal).entries()) {
    if (baseline) before.push(...(await lighthouseFigures(baseline.server.url, [pagesOf(baseline)[i]!])));
    build.push(...(await lighthouseFigures(portal.server.url, [page])));
  }
  const load: [number, number] = [loadBefore, os.loadavg()[0]!];
  return {
    build: { load, lighthouse: build, invocations } satisfies PublicPagesReport,
    baseline: baseline ? ({ load, lighthouse: before, invocations: [] } satisfies PublicPagesReport) : null,
  };
}

/** The timeline of a cold load of the route named `name` (path or label), after one load that warms the server. */
async function printTimeline(portal: Portal, name: string) {
  const route = paintRoutes(portal.referenceId).find((r) => r.path === name || r.label === name);
  if (!route) throw new Error(`--trace: no paint route ${name}`);
  const browser = await launchBenchBrowser();
  try {
    await coldLoadTimeline(browser, portal.server.url, route, portal.sessions);
    log(`cold load of ${route.label ?? route.path} (load average ${os.loadavg()[0]!.toFixed(1)}), ms since navigation start:`);
    console.log(formatTimeline(await coldLoadTimeline(browser, portal.server.url, route, portal.sessions)));
  } finally {
    await browser.close();
  }
}

async function main() {
  const options = firstVisitOptions(process.argv.slice(2));
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-first-visit-"));
  const portals: Portal[] = [];
  try {
    let webDir = options.client;
    if (!webDir) {
      log("building the web app…");
      webDir = path.join(work, "client");
      await buildWeb(webDir);
    }
    log("bundling the Workers…");
    const bundles: Bundles = {
      portalBundle: await bundleWorker(path.join(work, "portal")),
      helloBundle: await bundleWorker(path.join(work, "hello"), "tests/bench/hello.toml"),
      pdfBundle: await bundleWorker(path.join(work, "pdf"), "pdf/wrangler.toml"),
    };
    log(`applying migrations, the demo seed and ${ROWS} rows per large table…`);
    const portal = await startPortal(work, "build", webDir, bundles);
    portals.push(portal);
    const baseline = options.baseline ? await startPortal(work, "baseline", options.baseline, bundles) : null;
    if (baseline) portals.push(baseline);

    if (options.trace) return await printTimeline(portal, options.trace);

    const only = new Set(options.only);
    const routes = paintRoutes("").filter(
      (r) => options.paint && (only.size === 0 || only.has(r.path) || only.has(r.label ?? "")),
    );
    log(`first meaningful paint in Chromium (load average ${os.loadavg()[0]!.toFixed(1)})…`);
    // With a baseline, each route is measured on both builds in turn, so that both see the same machine.
    const paints: FirstPaint[] = [];
    const before: FirstPaint[] = [];
    for (const route of routes) {
      // The payment page's path holds each portal's own reference: routes are told apart by their label.
      const keep = (r: PaintRoute) => (r.label ?? r.path) === (route.label ?? route.path);
      if (baseline) before.push(...(await paintsOf(baseline, keep)));
      paints.push(...(await paintsOf(portal, keep)));
    }
    const over = paints.flatMap((p) => firstPaintOver(p).map((why) => `first paint ${p.route}: ${why}`));
    const status = (p: FirstPaint) => (p.error ? "error" : firstPaintOver(p).length ? "OVER" : "ok");
    if (paints.length > 0) {
      const load = os.loadavg().map((l) => l.toFixed(1));
      console.log(
        markdownTable(
          ["first meaningful paint", ...(baseline ? ["baseline: median ms (runs)"] : []), "median ms (runs)", "budget"],
          paints.map((p, i) => [p.route, ...(baseline ? [cell(before[i])] : []), cell(p), status(p)]),
          [false, ...(baseline ? [true] : []), true, false],
        ),
      );
      console.log(`load average after the paints: ${load.join(" ")} (${os.cpus().length} cores)`);
    }
    if (options.lighthouse) {
      log("Worker invocations and Lighthouse on the public pages…");
      const firstVisit = await lighthouseOn(portal, baseline, options.pages);
      if (firstVisit.baseline) console.log(`\nbaseline:${formatPublicPages(firstVisit.baseline)}\n\nthis build:`);
      console.log(formatPublicPages(firstVisit.build));
      over.push(...publicPagesOver(firstVisit.build));
    }
    if (over.length > 0) {
      console.log(`\n${over.length} figure(s) over budget:\n${over.map((o) => `  - ${o}`).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    for (const p of portals) await p.server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
