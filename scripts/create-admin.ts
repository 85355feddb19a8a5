import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminInputProblem, adminSql } from "./admin-sql";
import { bin, OFFLINE_ENV, run } from "./lib";

/**
 * `ADMIN_EMAIL=… ADMIN_PASSWORD=… SESSION_PEPPER=… npm run create-admin -- --remote`: makes the first
 * admin of a deployment (or promotes an existing user and resets their password). `--local` targets the
 * local D1 of `npm start` instead. The password is hashed here and never leaves this machine.
 */
const target = process.argv.includes("--remote") ? "--remote" : process.argv.includes("--local") ? "--local" : null;
const input = {
  email: process.env.ADMIN_EMAIL ?? "",
  password: process.env.ADMIN_PASSWORD ?? "",
  name: process.env.ADMIN_NAME ?? "Administrator",
  pepper: process.env.SESSION_PEPPER ?? "",
};
const problem = target ? adminInputProblem(input) : "Say where: --remote (the deployed D1) or --local.";
if (problem) {
  console.error(`create-admin: ${problem}`);
  console.error("Usage: ADMIN_EMAIL=… ADMIN_PASSWORD=… SESSION_PEPPER=… npm run create-admin -- --remote");
  process.exit(2);
}
const dir = mkdtempSync(path.join(os.tmpdir(), "create-admin-"));
try {
  const file = path.join(dir, "admin.sql");
  writeFileSync(file, await adminSql(input), { mode: 0o600 });
  const env = target === "--local" ? { ...process.env, ...OFFLINE_ENV } : process.env;
  await run(bin("wrangler"), ["d1", "execute", "DB", target!, "--file", file, "-y"], { env: { ...env, CI: "true" } });
  console.log(`create-admin: ${input.email.toLowerCase()} is an admin (${target === "--remote" ? "deployed" : "local"} D1).`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
