import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { noWorkerCode } from "../../vite.config";

/** A tiny app beside a fake worker/ folder, built with only the plugin under test. */
const root = mkdtempSync(path.join(os.tmpdir(), "no-worker-code-"));
mkdirSync(path.join(root, "worker"));
mkdirSync(path.join(root, "web"));
writeFileSync(path.join(root, "worker/contract.ts"), "export const CALLS = ['me'];\nexport type Call = 'me';\n");

function buildEntry(source: string) {
  const entry = path.join(root, "web", `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  return build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [noWorkerCode(path.join(root, "worker"))],
    build: { write: false, lib: { entry, formats: ["es"], fileName: "out" } },
  });
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("vite.config.ts: noWorkerCode", () => {
  it("fails the build when web code imports a value from worker/", async () => {
    await expect(buildEntry("import { CALLS } from '../worker/contract';\nconsole.log(CALLS);\n")).rejects.toThrow(
      /Worker code must not enter the web bundle: worker\/contract\.ts/,
    );
  });

  it("lets type-only imports through (they are erased before bundling)", async () => {
    await expect(
      buildEntry("import type { Call } from '../worker/contract';\nconst call: Call = 'me';\nconsole.log(call);\n"),
    ).resolves.toBeDefined();
  });
});
