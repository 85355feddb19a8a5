/**
 * `npm run bench:profile -- "<call> (<case>)" [FILE.cpuprofile]`: where the portal's Worker spends its
 * CPU on one read case of the bench. Seeds BENCH_ROWS (default 2000) rows per large table, runs the
 * portal with its inspector on (which slows D1 down: read the profile for shares within the portal's
 * isolate, not for throughput), samples while autocannon sends PROFILE_SECONDS (default 5) of load, prints
 * the functions with the most self time and, given FILE, writes the profile for Chrome's DevTools.
 */
import autocannon from "autocannon";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { migrateLocal } from "../../scripts/lib";
import { seedLocal } from "../../scripts/platform";
import { DEMO_CLIENT } from "../../scripts/seed-data";
import { callCases } from "./calls";
import { startBenchServer } from "./harness";
import { callTarget, requestsOf, signIn } from "./load";
import { readSeedContext, seedBulk } from "./seed-bulk";
import { bundleWorker } from "./sizes";

const ROWS = Number(process.env.BENCH_ROWS ?? 2_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const INSPECTOR_PORT = 9329;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** A minimal DevTools protocol client over the inspector's WebSocket. */
async function inspector(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send: (method: string, params: object = {}) =>
      new Promise<unknown>((resolve) => {
        waiting.set(++id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Self samples per function (name and place), largest first. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const sample of profile.samples) {
    const frame = byId.get(sample)!.callFrame;
    const file = frame.url.split("/").at(-1) ?? "";
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const [label, outFile] = process.argv.slice(2);
  if (!label) throw new Error('name a case: npm run bench:profile -- "me (admin)"');
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-profile-"));
  try {
    // Unminified, so that the profile names the functions.
    const portalBundle = await bundleWorker(path.join(work, "portal"), "wrangler.toml", { minify: false });
    const helloBundle = await bundleWorker(path.join(work, "hello"), "tests/bench/hello.toml");
    const pdfBundle = await bundleWorker(path.join(work, "pdf"), "pdf/wrangler.toml");
    const stateDir = path.join(work, "state");
    const assetsDir = path.join(work, "assets");
    mkdirSync(assetsDir);
    await migrateLocal(stateDir, { quiet: true });
    const admin = (await seedLocal(stateDir)).admin;
    const server = await startBenchServer({
      stateDir,
      portalBundle,
      helloBundle,
      pdfBundle,
      assetsDir,
      inspectorPort: INSPECTOR_PORT,
    });
    try {
      const ctx = await readSeedContext(server.db, admin.email.toLowerCase(), DEMO_CLIENT.email);
      await seedBulk(server.db, ctx, ROWS, 100);
      const c = callCases(ctx).find((k) => `${k.call} (${k.case})` === label);
      if (!c) throw new Error(`no case ${label}`);
      const cookie = (await signIn(server.url, c.who === "admin" ? admin : DEMO_CLIENT)).cookie;
      const target = callTarget(c, cookie);
      const load = (duration: number) =>
        autocannon({
          url: `${server.url}${target.path}`,
          connections: 10,
          duration,
          requests: requestsOf(target),
        });
      await load(2);
      const client = await inspector(`ws://127.0.0.1:${INSPECTOR_PORT}/edge-portal`);
      await client.send("Profiler.enable");
      await client.send("Profiler.setSamplingInterval", { interval: 50 });
      await client.send("Profiler.start");
      const result = await load(SECONDS);
      const { profile } = (await client.send("Profiler.stop")) as { profile: Profile };
      client.close();
      const total = profile.samples.length;
      console.log(`${label}: ${result.requests.total} requests, ${total} samples`);
      for (const [name, count] of selfTimes(profile).slice(0, 40)) {
        console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
      }
      if (outFile) writeFileSync(outFile, JSON.stringify(profile));
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
