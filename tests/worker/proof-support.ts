import { env } from "cloudflare:workers";
import type { z } from "zod";
import { buildAbility, rulesForUser, type AppAbility, type StoredRule } from "../../worker/src/auth/ability";
import { newApiKey } from "../../worker/src/auth/apikey";
import { randomToken, sha256Hex } from "../../worker/src/auth/crypto";
import { uniqueEmail } from "./helpers";

/**
 * Principals for the proof suite (permission matrix, hostile input, races), made straight in D1.
 * Sessions are inserted rather than signed in: a PBKDF2 sign-in per principal per call would make
 * the matrix take minutes, and a call like logout or change-password may end the session it ran
 * with, so every call gets fresh ones.
 */

export interface Principal {
  userId: number;
  role: string;
}

/** The read-only custom role (not the built-in `support` desk role of migration 0240, which answers tickets). */
export const SUPPORT_ROLE = "read-only support";
/** The built-in role of the support desk (migration 0240): manage Ticket, read User, Payment and History. */
export const SUPPORT_DESK_ROLE = "support";

/** A user row of `role` (password unusable: these principals never sign in by password). */
export async function insertUser(role: string, opts: { quota?: number; name?: string } = {}): Promise<Principal> {
  const created = await env.DB.prepare(
    `INSERT INTO users (userName, userEmail, userRole, userQuota, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations)
     VALUES (?1, ?2, ?3, ?4, 1, 1, 'unusable', 'unusable', 1) RETURNING userId`,
  )
    .bind(opts.name ?? `Proof ${role}`, uniqueEmail(role), role, opts.quota ?? 0)
    .first<{ userId: number }>();
  return { userId: created!.userId, role };
}

/** A fresh session of the user, as the Cookie header value "sid=…". */
export async function sessionCookie(userId: number): Promise<string> {
  const token = randomToken(32);
  await env.DB.prepare("INSERT INTO sessions (userId, tokenHash, idleSeconds, lastSeenAt) VALUES (?1, ?2, 86400, ?3)")
    .bind(userId, await sha256Hex(token), Math.floor(Date.now() / 1000))
    .run();
  return `sid=${token}`;
}

/** The custom read-only role of the brief: one rule, `read all`. Idempotent. */
export async function ensureSupportRole(): Promise<void> {
  const role = await env.DB.prepare(
    "INSERT INTO roles (roleName, roleDesc) VALUES (?1, 'Read-only support') ON CONFLICT(roleName) DO NOTHING RETURNING roleId",
  )
    .bind(SUPPORT_ROLE)
    .first<{ roleId: number }>();
  if (role) {
    await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, 'read', 'all')").bind(role.roleId).run();
  }
}

/** An agent API key, stored hashed the way create-apikey stores it; returns the bearer key. */
export async function agentKey(): Promise<string> {
  const key = await newApiKey();
  await env.DB.prepare("INSERT INTO api_keys (keyName, keyPrefix, keyHash) VALUES ('proof agent', ?1, ?2)")
    .bind(key.keyPrefix, key.keyHash)
    .run();
  return key.key;
}

/** The CASL ability a user of `role` gets, from the rules stored in D1 (as the session loader builds it). */
export async function abilityOfRole(role: string, userId: number): Promise<AppAbility> {
  const { results } = await env.DB.prepare(
    `SELECT r.action, r.subject, r.inverted, r.conditions FROM role_rules r
       JOIN roles ro ON ro.roleId = r.roleId WHERE ro.roleName = ?1 ORDER BY r.ruleId`,
  )
    .bind(role)
    .all<StoredRule>();
  return buildAbility(rulesForUser(results, userId));
}

/**
 * Tables whose rows a refused call must leave alone. Skipped: SQLite/D1/miniflare internals, FTS
 * shadow tables (kept in step by triggers), login_attempts and audit_log (refusals are recorded on
 * purpose) and sessions (lastSeenAt is refreshed by reads).
 */
export async function watchedTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE '%\\_fts%' ESCAPE '\\'
       AND name NOT IN ('d1_migrations', 'login_attempts', 'audit_log', 'sessions')
     ORDER BY name`,
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

/**
 * Records every insert, update and delete on the watched tables in `proof_changes`, through triggers
 * made for this test file's database only: cheaper than reading every row before and after each
 * call, and it also sees updates that keep the row count.
 */
export async function installChangeLog(tables: string[]): Promise<void> {
  await env.DB.prepare(
    "CREATE TABLE IF NOT EXISTS proof_changes (changeId INTEGER PRIMARY KEY, tableName TEXT NOT NULL, op TEXT NOT NULL)",
  ).run();
  const statements = tables.flatMap((t) =>
    ["INSERT", "UPDATE", "DELETE"].map((op) =>
      env.DB.prepare(
        `CREATE TRIGGER IF NOT EXISTS "proof_${t}_${op.toLowerCase()}" AFTER ${op} ON "${t}"
         BEGIN INSERT INTO proof_changes (tableName, op) VALUES ('${t}', '${op.toLowerCase()}'); END`,
      ),
    ),
  );
  await env.DB.batch(statements);
}

export interface Snapshot {
  counts: Record<string, number>;
  lastChange: number;
  r2: string;
}

/** Row counts of the watched tables, the change log's position and the R2 keys, in one D1 round trip. */
export async function snapshot(tables: string[]): Promise<Snapshot> {
  const columns = tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ");
  const [row, objects] = await Promise.all([
    env.DB.prepare(`SELECT ${columns}, (SELECT coalesce(max(changeId), 0) FROM proof_changes) AS "__lastChange"`).first<
      Record<string, number>
    >(),
    env.FILES.list(),
  ]);
  const { __lastChange, ...counts } = row!;
  return { counts, lastChange: __lastChange!, r2: objects.objects.map((o) => o.key).join(",") };
}

/** What changed between two snapshots, readably ("users: 3 → 4 rows", "users: update"); empty if nothing. */
export async function changedTables(before: Snapshot, after: Snapshot): Promise<string[]> {
  const out = Object.keys(before.counts)
    .filter((t) => before.counts[t] !== after.counts[t])
    .map((t) => `${t}: ${before.counts[t]} → ${after.counts[t]} rows`);
  if (after.lastChange !== before.lastChange) {
    const { results } = await env.DB.prepare(
      "SELECT DISTINCT tableName || ': ' || op AS change FROM proof_changes WHERE changeId > ?1 AND changeId <= ?2",
    )
      .bind(before.lastChange, after.lastChange)
      .all<{ change: string }>();
    out.push(...results.map((r) => r.change));
  }
  if (before.r2 !== after.r2) out.push("R2 objects");
  return out;
}

/** Field names of a call's body, read from its zod schema (objects, and objects behind pipes or unions). */
export function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const inner = [def.in, def.out, def.innerType, def.schema, def.left, def.right, ...((def.options as unknown[]) ?? [])].filter(
    Boolean,
  ) as z.ZodType[];
  return [...new Set(inner.flatMap(fieldsOf))];
}
