import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { bin, migrateLocal, OFFLINE_ENV, ROOT } from "../../scripts/lib";
import { seedLocal } from "../../scripts/platform";

export interface RunningServer {
  url: string;
  stateDir: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * A real `wrangler dev` on 127.0.0.1 with its own fresh local D1/R2 (migrated and seeded), for
 * end-to-end tests and benchmarks. The SPA must be built (dist/client) first.
 */
export async function startServer(
  opts: {
    seed?: boolean;
    extraArgs?: string[];
    /** Runs on the migrated, seeded state before the server starts (the bench adds bulk rows here). */
    prepare?: (stateDir: string) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "portal-state-"));
  await migrateLocal(stateDir);
  if (opts.seed !== false) await seedLocal(stateDir);
  if (opts.prepare) await opts.prepare(stateDir);
  const port = await freePort();
  // E2E_ASSETS_DIR serves another build of the SPA (parallel work trees building at once).
  const assets = process.env.E2E_ASSETS_DIR ? ["--assets", process.env.E2E_ASSETS_DIR] : [];
  const child: ChildProcess = spawn(
    bin("wrangler"),
    [
      "dev",
      // The portal, and the PDF Worker behind its PDF service binding (the first config is the one served).
      "-c",
      "wrangler.toml",
      "-c",
      "pdf/wrangler.toml",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      // `/__scheduled?cron=…` runs a schedule by hand (README "Running the cron by hand").
      "--test-scheduled",
      "--var",
      "WEBHOOK_ALLOW_LOOPBACK:true",
      ...assets,
      ...(opts.extraArgs ?? []),
    ],
    { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV, CI: "true" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/app-settings`, { method: "POST" });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stateDir,
    stop: async () => {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          child.kill("SIGTERM");
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
