import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { ensureDevVars, ROOT } from "./lib";
import { DEFAULT_ADMIN, seed, type D1Like } from "./seed-data";

/** Seeds the local D1 that `wrangler dev` uses (or the one under `persistTo`). */
export async function seedLocal(persistTo?: string) {
  const vars = ensureDevVars();
  const configDir = mkdtempSync(path.join(os.tmpdir(), "portal-seed-"));
  const proxy = await getPlatformProxy<{ DB: D1Like }>({
    configPath: d1OnlyConfig(configDir),
    persist: { path: path.join(persistTo ?? path.join(ROOT, ".wrangler", "state"), "v3") },
  });
  const admin = {
    email: process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN.email,
    password: process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN.password,
  };
  try {
    const result = await seed(proxy.env.DB, {
      adminEmail: admin.email.toLowerCase(),
      adminPassword: admin.password,
      pepper: vars.SESSION_PEPPER!,
      vendorKeys: vars.VENDOR_SECRET_KEYS!,
    });
    return { ...result, admin };
  } finally {
    await proxy.dispose();
    rmSync(configDir, { recursive: true, force: true });
  }
}

type D1Binding = { binding: string; database_name?: string; database_id?: string };

/**
 * The project's config with its D1 binding alone, written into `dir`: the seed needs nothing else, and the
 * proxy's empty Worker would otherwise bind the chat's Durable Object and warn that no such class exists.
 */
function d1OnlyConfig(dir: string): string {
  const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") });
  const file = path.join(dir, "wrangler.json");
  const d1 = config.d1_databases.map(({ binding, database_name, database_id }: D1Binding) => ({
    binding,
    database_name,
    database_id,
  }));
  writeFileSync(file, JSON.stringify({ name: config.name, compatibility_date: config.compatibility_date, d1_databases: d1 }));
  return file;
}
