import { getPlatformProxy } from "wrangler";
import path from "node:path";
import { ensureDevVars, ROOT } from "./lib";
import { DEFAULT_ADMIN, seed, type D1Like } from "./seed-data";

/** Seeds the local D1 that `wrangler dev` uses (or the one under `persistTo`). */
export async function seedLocal(persistTo?: string) {
  const vars = ensureDevVars();
  const proxy = await getPlatformProxy<{ DB: D1Like }>({
    configPath: path.join(ROOT, "wrangler.toml"),
    persist: persistTo ? { path: path.join(persistTo, "v3") } : true,
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
  }
}
