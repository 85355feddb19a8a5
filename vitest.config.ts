import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import react from "@vitejs/plugin-react";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { writeFeatureIndexes } from "./scripts/features";

// Wrangler, miniflare and the pool must never reach the network.
Object.assign(process.env, {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_SEND_ERROR_REPORTS: "false",
});

/** Fixed secrets for the worker tests only (never used outside them). */
export const TEST_SECRETS = {
  SESSION_PEPPER: "test-pepper",
  VENDOR_SECRET_KEYS: "t2:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=,t1:AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=",
  WEBHOOK_SECRET: "test-webhook-secret",
  MAIL_API_KEY: "",
  SUPPORT_MAIL_SECRET: "test-support-mail-secret",
};

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  try {
    return Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? newest(file) : statSync(file).mtimeMs;
      }),
    );
  } catch {
    return 0;
  }
}

/**
 * The PDF Worker (pdf/), bundled by wrangler as it deploys it, for the portal's PDF service binding in the
 * worker tests; bundled again only when its sources or the installed packages are newer than the bundle.
 */
function pdfWorker() {
  const root = import.meta.dirname;
  const outdir = path.join(root, ".wrangler/pdf-test-build");
  const sources = Math.max(newest(path.join(root, "pdf")), statSync(path.join(root, "package-lock.json")).mtimeMs);
  if (newest(outdir) < sources) {
    execFileSync(
      path.join(root, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir, "-c", "pdf/wrangler.toml"],
      {
        cwd: root,
        stdio: "ignore",
      },
    );
  }
  return {
    name: "edge-portal-pdf",
    modules: true,
    modulesRoot: outdir,
    scriptPath: path.join(outdir, "index.js"),
    modulesRules: [{ type: "Data" as const, include: ["**/*.woff"] }],
    compatibilityDate: "2026-04-26",
    compatibilityFlags: ["nodejs_compat"],
  };
}

export default defineConfig(async () => {
  // The Worker's collected indexes (worker/src/**/features.gen.ts), which the worker and tools tests import.
  writeFeatureIndexes();
  // wrangler.toml names the built SPA as the assets directory; worker tests need only that it exists.
  mkdirSync(path.join(import.meta.dirname, "dist/client"), { recursive: true });
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: { ...TEST_SECRETS, TEST_MIGRATIONS: migrations, D1_METER: "true", WEBHOOK_ALLOW_LOOPBACK: "true" },
                workers: [pdfWorker()],
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup/apply-migrations.ts"],
            globalSetup: ["tests/worker/setup/stripe-stand-in.ts", "tests/worker/setup/turnstile-stand-in.ts"],
            // One workerd per pool worker instead of one per test file (~2.5 s each); the setup file
            // still gives every file empty storage, so files stay independent of each other.
            isolate: false,
          },
        },
        {
          plugins: [react()],
          test: {
            name: "web",
            environment: "happy-dom",
            include: ["tests/web/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/web/setup.ts"],
          },
        },
        {
          // Checks of the code base itself (lint rules, generated documents, the built bundle), in Node.
          test: {
            name: "tools",
            environment: "node",
            include: ["tests/tools/**/*.test.ts"],
            passWithNoTests: true,
          },
        },
        {
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.test.ts"],
            globalSetup: ["tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
