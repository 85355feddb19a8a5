import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

/**
 * Runs before each test file. The files of a pool worker share one workerd instance and its storage
 * (isolate: false in vitest.config.ts), so every file first gets what a fresh instance has: no
 * tables (nor the triggers the proof suite adds), no stored files; then the migrations.
 */
async function dropTables(): Promise<void> {
  const userTables = async () =>
    (
      await env.DB.prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'table'
           AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
      ).all<{ name: string; sql: string }>()
    ).results;
  const drop = (names: string[]) =>
    env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...names.map((name) => env.DB.prepare(`DROP TABLE IF EXISTS "${name}"`)),
    ]);
  // A full-text table owns its shadow tables: dropping it drops them, dropping them first breaks it.
  const virtual = (await userTables()).filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql));
  if (virtual.length) await drop(virtual.map((t) => t.name));
  const rest = await userTables();
  if (rest.length) await drop(rest.map((t) => t.name));
}

async function emptyBucket(): Promise<void> {
  for (let listed = await env.FILES.list(); listed.objects.length; listed = await env.FILES.list()) {
    await env.FILES.delete(listed.objects.map((o) => o.key));
  }
}

await Promise.all([dropTables(), emptyBucket()]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
