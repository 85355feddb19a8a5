/**
 * `npm run bench:mail`: the mail burst of issue 24. Queues BENCH_MAILS mails (default 5,000) in the
 * outbox, runs the frequent cron once (its producer hands them to the mail queue) and times how long the
 * queue's consumer takes to send them all to a local mail stub on 127.0.0.1 that answers after
 * BENCH_MAIL_API_MS (default 50 ms, a remote API's round trip), on the portal's `wrangler deploy` bundle
 * in Miniflare (harness.ts) with the Queues of wrangler.toml. Prints the figure and whether any mail was
 * sent twice (the stub counts Idempotency-Keys). Not part of `npm test`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { migrateLocal } from "../../scripts/lib";
import { SCHEDULES } from "../../worker/src/schedules";
import { startBenchServer } from "./harness";
import { bundleWorker } from "./sizes";

const MAILS = Number(process.env.BENCH_MAILS ?? 5000);
const API_MS = Number(process.env.BENCH_MAIL_API_MS ?? 50);
const DEADLINE_MS = 30 * 60_000;

const log = (text: string) => console.error(`bench:mail: ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Resend-shaped mail API that accepts everything after API_MS and counts requests and keys. */
async function startMailStub() {
  const keys = new Map<string, number>();
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      const key = String(req.headers["idempotency-key"] ?? "");
      keys.set(key, (keys.get(key) ?? 0) + 1);
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: key }));
      }, API_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/emails`,
    stats: () => ({ requests, distinct: keys.size }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-mail-bench-"));
  const stub = await startMailStub();
  try {
    log("bundling the Workers (wrangler deploy --dry-run)…");
    const portalBundle = await bundleWorker(path.join(work, "portal"));
    const helloBundle = await bundleWorker(path.join(work, "hello"), "tests/bench/hello.toml");
    const pdfBundle = await bundleWorker(path.join(work, "pdf"), "pdf/wrangler.toml");
    // No pages are loaded: an empty site stands in for the SPA.
    const assetsDir = path.join(work, "client");
    mkdirSync(assetsDir);
    writeFileSync(path.join(assetsDir, "index.html"), "<!doctype html><title>bench</title>");
    const stateDir = path.join(work, "state");
    log("applying migrations…");
    await migrateLocal(stateDir, { quiet: true });
    const server = await startBenchServer({
      stateDir,
      portalBundle,
      helloBundle,
      pdfBundle,
      assetsDir,
      bindings: { MAIL_API_URL: stub.url, MAIL_API_KEY: "bench-key", MAIL_FROM: "Portal <bench@example.test>" },
    });
    try {
      log(`queueing ${MAILS} mails…`);
      await server.db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
           INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody)
           SELECT 'client-' || i || '@example.test', 'bench', 'Your subscription ends in 7 days', 'Hello' FROM n`,
        )
        .bind(MAILS)
        .run();
      const started = Date.now();
      await server.runSchedule(SCHEDULES.frequent);
      const handed = Date.now() - started;
      log(`the cron handed them to the queue in ${(handed / 1000).toFixed(1)} s; waiting for the consumer…`);
      let counts: Record<string, number> = {};
      for (;;) {
        const rows = await server.db
          .prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status")
          .all<{ status: string; n: number }>();
        counts = Object.fromEntries(rows.results.map((r) => [r.status, r.n]));
        if (!counts.queued || Date.now() - started > DEADLINE_MS) break;
        await sleep(500);
      }
      const seconds = (Date.now() - started) / 1000;
      const { requests, distinct } = stub.stats();
      console.log(
        [
          `mail burst: ${MAILS} mails through the mail queue to a local stub answering in ${API_MS} ms`,
          `- drained in ${seconds.toFixed(1)} s (${(MAILS / seconds).toFixed(0)} mails/s); the cron's hand-over took ${(handed / 1000).toFixed(1)} s`,
          `- outbox: ${JSON.stringify(counts)}`,
          `- stub: ${requests} requests, ${distinct} distinct Idempotency-Keys (${requests - distinct} repeats)`,
        ].join("\n"),
      );
      if (counts.queued || (counts.sent ?? 0) !== MAILS) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await stub.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
