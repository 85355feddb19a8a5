import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, migrateLocal, OFFLINE_ENV, ROOT } from "../../scripts/lib";

const stateDir = mkdtempSync(path.join(os.tmpdir(), "portal-seed-test-"));

function runSeed() {
  const result = spawnSync(bin("tsx"), ["scripts/seed.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV, PERSIST_TO: stateDir },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("npm run seed", () => {
  beforeAll(() => migrateLocal(stateDir, { quiet: true }), 120_000);
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it("seeds the D1 that wrangler serves, without warning of the chat's Durable Object", () => {
    const first = runSeed();
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/Seeded\. Admin: \S+ \/ \S+/);
    expect(first.output).not.toMatch(/Durable Object/i);

    const users = spawnSync(
      bin("wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", "SELECT count(*) AS n FROM users"],
      { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV, CI: "true" }, encoding: "utf8" },
    );
    expect(users.status, users.stderr).toBe(0);
    expect((JSON.parse(users.stdout) as { results: { n: number }[] }[])[0]!.results[0]!.n).toBeGreaterThan(1);

    expect(runSeed().output).toContain("already existed; password unchanged");
  }, 120_000);
});
