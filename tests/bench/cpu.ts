/**
 * `npm run bench:cpu [-- [--bundle NAME=DIR]... [call-or-case filter]...]`: the Worker's own work per
 * request, as CPU time of the workerd process (`/proc/<pid>/stat`, user + system: the portal, its D1
 * and the hello-world Worker all run there) over a fixed number of requests of each read case, next to
 * hello + `SELECT 1` measured the same way on the same workerd. Unlike req/s, CPU per request hardly
 * moves with the rest of the machine's load, so two variants of the portal can be compared in one run:
 * each `--bundle` (a folder made by `wrangler deploy --dry-run --outdir`) gets its own workerd over a
 * copy of one seeded state, rounds interleaved. Without `--bundle`, the working tree's Worker is
 * bundled. Not part of `npm test` or of `npm run bench`'s budgets (decision 0002 says which figure is
 * the budget); BENCH_ROWS (default 10000), CPU_REQUESTS (default 400, per round) and CPU_ROUNDS (default 15).
 */
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateLocal } from "../../scripts/lib";
import { seedLocal } from "../../scripts/platform";
import { DEMO_CLIENT } from "../../scripts/seed-data";
import { SCHEDULES } from "../../worker/src/schedules";
import { callCases, type Who } from "./calls";
import { HELLO_PATHS, startBenchServer, type BenchServer, type WorkerBundle } from "./harness";
import { callTarget, requestsOf, signIn, type Target } from "./load";
import { cpuSeconds, workerdChildren } from "./process-cpu";
import { readSeedContext, seedBulk } from "./seed-bulk";
import { bundleWorker } from "./sizes";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 400);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 15);
const CONNECTIONS = 10;

const log = (text: string) => console.error(`bench:cpu: ${text}`);

interface Served {
  name: string;
  server: BenchServer;
  pid: number;
  cookies: Record<Who, string>;
}

/** CPU milliseconds per request of `amount` requests of a target on one server. */
async function cpuPerRequest(served: Served, target: Target, amount: number): Promise<number> {
  const before = cpuSeconds(served.pid);
  const result = await autocannon({
    url: `${served.server.url}${target.path}`,
    connections: CONNECTIONS,
    amount,
    requests: requestsOf(target),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return ((cpuSeconds(served.pid) - before) * 1000) / result.requests.total;
}

/** Pins a process (every thread of it) to one core, where `taskset` is there; a no-op where it is not. */
function pinTo(pid: number, core: number) {
  if (os.cpus().length < 2) return;
  const result = spawnSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" });
  if (result.status === 0) spawnSync("taskset", ["-a", "-p", "-c", `0-${core - 1}`, String(process.pid)], { stdio: "ignore" });
}

function bundleArgs(args: string[]): Array<{ name: string; dir: string }> {
  const out: Array<{ name: string; dir: string }> = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== "--bundle") continue;
    const [name, dir] = (args[i + 1] ?? "").split("=");
    if (!name || !dir) throw new Error("--bundle takes NAME=DIR");
    out.push({ name, dir: path.resolve(dir) });
  }
  return out;
}

function filterArgs(args: string[]): string[] {
  return args.filter((arg, i) => arg !== "--bundle" && args[i - 1] !== "--bundle");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const args = process.argv.slice(2);
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-cpu-"));
  const servers: Served[] = [];
  try {
    const given = bundleArgs(args);
    const bundles: Array<{ name: string; bundle: WorkerBundle }> = [];
    if (given.length === 0) {
      log("bundling the Worker (wrangler deploy --dry-run)…");
      bundles.push({ name: "tree", bundle: await bundleWorker(path.join(work, "portal")) });
    } else {
      for (const { name, dir } of given) bundles.push({ name, bundle: { dir, main: path.join(dir, "index.js") } });
    }
    const helloBundle = await bundleWorker(path.join(work, "hello"), "tests/bench/hello.toml");
    const pdfBundle = await bundleWorker(path.join(work, "pdf"), "pdf/wrangler.toml");
    // The SPA plays no part here: an empty assets folder.
    const assetsDir = path.join(work, "assets");
    mkdirSync(assetsDir);
    const seededDir = path.join(work, "seeded");
    await migrateLocal(seededDir, { quiet: true });
    const admin = (await seedLocal(seededDir)).admin;
    const seeding = await startBenchServer({
      stateDir: seededDir,
      portalBundle: bundles[0]!.bundle,
      helloBundle,
      pdfBundle,
      assetsDir,
    });
    const ctx = await readSeedContext(seeding.db, admin.email.toLowerCase(), DEMO_CLIENT.email);
    log(`seeding ${ROWS} rows per large table…`);
    await seedBulk(seeding.db, ctx, ROWS, 100);
    await seeding.runSchedule(SCHEDULES.daily);
    await seeding.stop();

    for (const { name, bundle } of bundles) {
      const stateDir = path.join(work, `state-${name}`);
      cpSync(seededDir, stateDir, { recursive: true });
      const known = workerdChildren();
      const server = await startBenchServer({ stateDir, portalBundle: bundle, helloBundle, pdfBundle, assetsDir });
      const pid = [...workerdChildren()].find((p) => !known.has(p));
      if (pid === undefined) throw new Error("could not find the workerd process of the server");
      // workerd on the last core, this process (autocannon) on the others: the two never share a core.
      pinTo(pid, os.cpus().length - 1);
      const cookies = {
        admin: (await signIn(server.url, admin)).cookie,
        client: (await signIn(server.url, DEMO_CLIENT)).cookie,
      };
      servers.push({ name, server, pid, cookies });
    }

    const filters = filterArgs(args);
    const cases = callCases(ctx).filter(
      (c) => c.kind === "read" && (filters.length === 0 || filters.some((f) => `${c.call} (${c.case})`.includes(f))),
    );
    const oneTrip: Target = { path: HELLO_PATHS.oneTrip };
    const samples = new Map<string, { call: number[]; oneTrip: number[] }>();
    for (const c of cases) {
      log(`${c.call} (${c.case})`);
      for (const served of servers) await cpuPerRequest(served, callTarget(c, served.cookies[c.who]), REQUESTS);
      for (let round = 0; round < ROUNDS; round++) {
        // Bundles take turns, first one then the other, so a slow stretch of the machine weighs on both.
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const served of order) {
          const key = `${served.name}\t${c.call} (${c.case})`;
          const entry = samples.get(key) ?? { call: [], oneTrip: [] };
          entry.call.push(await cpuPerRequest(served, callTarget(c, served.cookies[c.who]), REQUESTS));
          entry.oneTrip.push(await cpuPerRequest(served, oneTrip, REQUESTS / 2));
          samples.set(key, entry);
        }
      }
    }
    const lines = ["| bundle | case | CPU ms/request | hello + SELECT 1 ms | ratio |", "| --- | --- | --: | --: | --: |"];
    for (const [key, { call, oneTrip: base }] of samples) {
      const [name, label] = key.split("\t");
      const ms = median(call);
      const baseMs = median(base);
      lines.push(`| ${name} | ${label} | ${ms.toFixed(3)} | ${baseMs.toFixed(3)} | ${(ms / baseMs).toFixed(2)} |`);
    }
    if (servers.length === 2) {
      // Rounds are pairs: the median of each pair's quotient says how the second bundle compares.
      const [a, b] = servers as [Served, Served];
      lines.push("", `| case | ${b.name} / ${a.name} (median of paired rounds) | quartiles |`, "| --- | --: | --- |");
      for (const c of cases) {
        const label = `${c.call} (${c.case})`;
        const first = samples.get(`${a.name}\t${label}`)!.call;
        const second = samples.get(`${b.name}\t${label}`)!.call;
        const quotients = second.map((v, i) => v / first[i]!).sort((x, y) => x - y);
        const at = (q: number) => quotients[Math.floor(q * (quotients.length - 1))]!.toFixed(3);
        lines.push(`| ${label} | ${at(0.5)} | ${at(0.25)}–${at(0.75)} |`);
      }
    }
    console.log(lines.join("\n"));
  } finally {
    for (const served of servers) await served.server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
