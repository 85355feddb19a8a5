/**
 * `npm run bench`: bundle sizes and requests per second against the budgets of
 * docs/decisions/0002-budgets.md, printed as one table; exits non-zero when anything is over budget.
 * Not part of `npm test`. BENCH_ROWS (default 100000) and BENCH_SECONDS (default 5) scale it down.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../../scripts/lib";
import { DEFAULT_ADMIN } from "../../scripts/seed-data";
import { startServer } from "../support/server";
import { loadFigures, signIn } from "./load";
import { seedBulk } from "./seed-bulk";
import { buildWeb, webFigures, workerFigure, type Figure } from "./sizes";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function withinBudget(f: Figure): boolean | null {
  if (!f.budget) return null;
  return f.budget.kind === "max" ? f.value <= f.budget.limit : f.value >= f.budget.limit;
}

function printTable(figures: Figure[]) {
  const rows = figures.map((f) => {
    const ok = withinBudget(f);
    const digits = f.unit === "req/s" ? 0 : 1;
    return [
      f.metric,
      `${f.value.toFixed(digits)} ${f.unit}`,
      f.budget ? `${f.budget.kind === "max" ? "≤" : "≥"} ${f.budget.limit} ${f.unit}` : "",
      ok === null ? "" : ok ? "ok" : "OVER",
    ];
  });
  const head = ["metric", "value", "budget", "ok"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of rows) console.log(line(r));
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const notes: string[] = [];
  const figures: Figure[] = [];
  try {
    console.error("bench: building the web app…");
    const webDir = path.join(work, "client");
    const web = webFigures(await buildWeb(webDir), webDir);
    figures.push(...web.figures);
    notes.push(...web.notes);

    console.error("bench: bundling the Worker (wrangler deploy --dry-run)…");
    figures.push(await workerFigure(path.join(work, "worker")));

    // wrangler.toml names dist/client as the assets folder; the API benchmark needs only that it exists.
    mkdirSync(path.join(ROOT, "dist", "client"), { recursive: true });
    const sqlDir = path.join(work, "sql");
    mkdirSync(sqlDir);
    console.error(`bench: seeding ${ROWS} users, history rows and payments, then starting wrangler dev…`);
    const server = await startServer({
      extraArgs: ["-c", "tests/bench/hello.toml", "-c", "wrangler.toml"],
      prepare: async (stateDir) => {
        const seconds = await seedBulk(stateDir, sqlDir, ROWS);
        notes.push(`seeded ${ROWS} users, ${ROWS} history rows and ${ROWS} payments in ${seconds.toFixed(0)} s`);
      },
    });
    try {
      const cookie = await signIn(server.url, {
        email: (process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN.email).toLowerCase(),
        password: process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN.password,
      });
      console.error(`bench: measuring with autocannon (10 connections, ${SECONDS} s per target)…`);
      const load = await loadFigures(server.url, cookie, SECONDS);
      figures.push(...load.figures);
      notes.push(...load.notes);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  printTable(figures);
  for (const note of notes) console.log(`- ${note}`);
  const over = figures.filter((f) => withinBudget(f) === false);
  if (over.length > 0) {
    console.log(`\n${over.length} figure(s) over budget: ${over.map((f) => f.metric).join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
