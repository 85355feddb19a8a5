import { Log, LogLevel, Miniflare } from "miniflare";
import path from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars, ROOT } from "../../scripts/lib";
import type { SeedDb } from "./seed-bulk";

interface ScheduledFetcher {
  scheduled(options: { cron: string }): Promise<{ outcome: string }>;
}

/** The paths the hello-world Worker answers (everything else goes to the portal). */
export const HELLO_PATHS = { hello: "/hello", oneTrip: "/hello-d1" } as const;

/** A Worker bundled by `wrangler deploy --dry-run`: its folder and main module. */
export interface WorkerBundle {
  dir: string;
  main: string;
}

export interface BenchServer {
  url: string;
  /** The portal's D1, through Miniflare (bulk seeding). */
  db: SeedDb;
  /** Runs the portal's scheduled handler as its cron trigger `cron` would. */
  runSchedule: (cron: string) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The portal and the hello-world baseline on one workerd through Miniflare's API: no inspector, no
 * dev registry, no live reload, nothing `wrangler dev` adds. Each Worker runs its `wrangler deploy`
 * bundle with the bindings its wrangler.toml declares (turned into Miniflare options by wrangler
 * itself) and the local secrets of .dev.vars; the portal also gets D1_METER = "true" (every answer
 * carries its D1 cost) and serves the built SPA in `assetsDir` as its assets. D1 and R2 persist under
 * `stateDir`, where `wrangler d1 migrations apply --persist-to` and the seed script wrote them.
 *
 * Requests to /api/* reach the portal's Worker straight from workerd's entry, as /hello and /hello-d1
 * reach the hello-world Worker; other paths go through Miniflare's static-assets router first. That
 * router is the platform's (Cloudflare runs it outside the Worker, even with run_worker_first), and in
 * Miniflare it is two more JavaScript Workers on the same workerd: about 0.5 ms of CPU per request that
 * the baselines never paid (decision 0002, "Text searches and the harness").
 */
export async function startBenchServer(opts: {
  stateDir: string;
  portalBundle: WorkerBundle;
  helloBundle: WorkerBundle;
  /** The PDF Worker (pdf/), behind the portal's PDF service binding. */
  pdfBundle: WorkerBundle;
  assetsDir: string;
  /** A port for the portal's inspector (CPU profiles, tests/bench/profile.ts); none by default, as measuring needs. */
  inspectorPort?: number;
  /** Settings that replace the portal's own (the mail burst points MAIL_API_URL at a local stub). */
  bindings?: Record<string, string>;
}): Promise<BenchServer> {
  const portal = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"), undefined, {
    overrides: { assets: { directory: opts.assetsDir } },
  }).workerOptions;
  const hello = unstable_getMiniflareWorkerOptions(path.join(ROOT, "tests/bench/hello.toml")).workerOptions;
  const pdf = unstable_getMiniflareWorkerOptions(path.join(ROOT, "pdf/wrangler.toml")).workerOptions;
  const bundled = (bundle: WorkerBundle) => ({ modules: true, modulesRoot: bundle.dir, scriptPath: bundle.main });
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    log: new Log(LogLevel.WARN),
    // wrangler's --persist-to <dir> keeps its Miniflare state under <dir>/v3.
    defaultPersistRoot: path.join(opts.stateDir, "v3"),
    ...(opts.inspectorPort === undefined ? {} : { inspectorPort: opts.inspectorPort }),
    workers: [
      // The first Worker takes every request no other Worker's route claims.
      {
        ...portal,
        name: "edge-portal",
        ...bundled(opts.portalBundle),
        bindings: { ...portal.bindings, ...ensureDevVars(), D1_METER: "true", ...opts.bindings },
        // The PDF Worker (pdf/) is not benched: its binding answers as a PDF Worker that is down would.
        serviceBindings: {
          ...portal.serviceBindings,
          PDF: async () => new Response("no PDF Worker in the bench", { status: 503 }),
        },
        routes: ["*/api/*"],
        ...(opts.inspectorPort === undefined ? {} : { unsafeInspectorProxy: true }),
      },
      {
        ...hello,
        name: "bench-hello",
        ...bundled(opts.helloBundle),
        routes: Object.values(HELLO_PATHS).map((p) => `*${p}`),
      },
      {
        ...pdf,
        name: "edge-portal-pdf",
        ...bundled(opts.pdfBundle),
        // Its fonts are binary modules beside the bundle.
        modulesRules: [{ type: "Data", include: ["**/*.woff"] }],
      },
    ],
  });
  const url = (await mf.ready).origin;
  const db = (await mf.getD1Database("DB", "edge-portal")) as unknown as SeedDb;
  const runSchedule = async (cron: string) => {
    // Miniflare's Fetcher type resolves without the Workers types here; scheduled() is what it offers.
    const portalWorker = (await mf.getWorker("edge-portal")) as unknown as ScheduledFetcher;
    const result = await portalWorker.scheduled({ cron });
    if (result.outcome !== "ok") throw new Error(`the scheduled handler (${cron}) ended with ${result.outcome}`);
  };
  return { url, db, runSchedule, stop: () => mf.dispose() };
}
