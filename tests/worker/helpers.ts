import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { hashPassword } from "../../worker/src/auth/password";
import type { Compilable } from "kysely";
import { parseUsageHeader, type D1Usage } from "../../worker/src/db/meter";
import worker from "../../worker/src/index";
import { checkAnswer } from "./contract-check";

export const BASE = "http://portal.test";
let counter = 0;

/** A unique email per call, so tests never collide whatever storage they share. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export interface CallOptions {
  cookie?: string;
  bearer?: string;
  headers?: Record<string, string>;
  /** Send this raw body instead of JSON. */
  raw?: BodyInit;
  ip?: string;
  /** The Worker's bindings for this call (settings a test turns on, say card payments). */
  env?: Env;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** The session cookie this answer set, as "sid=…", if any. */
  cookie: string | null;
  /** What the call cost D1 (the Server-Timing header of worker/src/db/meter.ts). */
  usage: D1Usage | null;
}

/**
 * Calls the Worker's fetch handler directly rather than through the pool's SELF/exports, whose fetch
 * gets slower with every request a workerd instance has served (cloudflare/workers-sdk#15446: ~5 ms
 * at first, hundreds of ms after a thousand requests). waitUntil work (audit rows, session touches)
 * has settled before this returns, so row checks after a call see everything it did. `workerEnv`
 * replaces the bindings (settings a test adds, a D1 that records round trips).
 */
export async function directFetch(input: string, init: RequestInit = {}, workerEnv: Env = env): Promise<Response> {
  const exec = createExecutionContext();
  const response = await worker.fetch(new Request(input, init) as Request<unknown, IncomingRequestCfProperties>, workerEnv, exec);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(exec);
  return new Response(response.status === 101 || response.status === 204 || response.status === 304 ? null : body, response);
}

/**
 * POSTs a call the way the web app does and reads the JSON answer. Every 2xx JSON answer is checked
 * against the call's answer in the contract, so the whole suite proves the contract true.
 */
export async function call<T = any>(name: string, body: unknown = {}, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.raw === undefined) headers["content-type"] ??= "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  headers["cf-connecting-ip"] = opts.ip ?? "203.0.113.1";
  const res = await directFetch(
    `${BASE}/api/${name}`,
    { method: "POST", headers, body: opts.raw ?? JSON.stringify(body) },
    opts.env,
  );
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Downloads answer with file bytes, not JSON.
  }
  checkAnswer(name, res, parsed);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  const cookie = setCookie ? setCookie.split(";")[0]! : null;
  return {
    status: res.status,
    body: parsed as T,
    headers: res.headers,
    cookie: cookie === "sid=" ? null : cookie,
    usage: parseUsageHeader(res.headers.get("server-timing")),
  };
}

/** Posts multipart form data (files and text fields). */
export function callForm<T = any>(name: string, fields: Record<string, string | Blob | File>, opts: CallOptions = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return call<T>(name, undefined, { ...opts, raw: form });
}

export interface TestUser {
  userId: number;
  email: string;
  password: string;
  cookie: string;
}

/** Creates a user straight in D1 (role client unless told) and signs them in. */
export async function createUser(
  opts: { role?: string; quota?: number; password?: string; name?: string; active?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(opts.role ?? "client");
  const password = opts.password ?? "correct horse battery";
  const hash = await hashPassword(password, env.SESSION_PEPPER);
  const created = await env.DB.prepare(
    `INSERT INTO users (userName, userEmail, userRole, userQuota, userIsActive, passwordHash, passwordSalt, passwordIterations)
     VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7) RETURNING userId`,
  )
    .bind(
      opts.name ?? "Test User",
      email,
      opts.role ?? "client",
      opts.quota ?? 0,
      hash.passwordHash,
      hash.passwordSalt,
      hash.passwordIterations,
    )
    .first<{ userId: number }>();
  const login = await call("login", { email, password });
  if (login.status !== 200 || !login.cookie) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  if (opts.active === false)
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userId = ?1").bind(created!.userId).run();
  return { userId: created!.userId, email, password, cookie: login.cookie };
}

export const createAdmin = () => createUser({ role: "admin", name: "Test Admin" });

/** Row count of a table, for "bad input changes nothing" checks. */
export async function countRows(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row!.n;
}

/** An item straight in D1 (commerce tests). */
export async function createItem(opts: { name?: string; price?: number; days?: number; active?: boolean } = {}) {
  const row = await env.DB.prepare(
    "INSERT INTO items (itemName, itemPrice, itemDuration, itemIsActive, itemUrl) VALUES (?1, ?2, ?3, ?4, 'https://example.test') RETURNING itemId",
  )
    .bind(opts.name ?? "Test plan", opts.price ?? 990, opts.days ?? 30, opts.active === false ? 0 : 1)
    .first<{ itemId: number }>();
  return row!.itemId;
}

/** A bundle straight in D1: price = points × ppp × (100 − disc) / 100 (commerce tests). */
export async function createBundle(opts: { points?: number; ppp?: number; disc?: number; active?: boolean } = {}) {
  const row = await env.DB.prepare(
    "INSERT INTO bundles (bundlePoin, bundlePPP, bundleDisc, bundleIsActive) VALUES (?1, ?2, ?3, ?4) RETURNING bundleId, bundlePrice",
  )
    .bind(opts.points ?? 100, opts.ppp ?? 10, opts.disc ?? 0, opts.active === false ? 0 : 1)
    .first<{ bundleId: number; bundlePrice: number }>();
  return row!;
}

/** A coupon straight in D1; `expires` is YYYY-MM-DD (commerce tests). */
export async function createCoupon(opts: { quota?: number; expires?: string; used?: boolean } = {}) {
  const code = `T-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const row = await env.DB.prepare(
    "INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING couponId",
  )
    .bind(
      code,
      opts.quota ?? 50,
      opts.expires ?? "2999-12-31",
      opts.used ? "Y" : "N",
      opts.used ? new Date().toISOString() : null,
    )
    .first<{ couponId: number }>();
  return { couponId: row!.couponId, code };
}

/** A user's balance and the sum of their ledger, which must always agree. */
export async function quotaAndLedger(userId: number) {
  const row = await env.DB.prepare(
    "SELECT userQuota, (SELECT coalesce(sum(delta), 0) FROM quota_ledger WHERE userId = ?1) AS ledger FROM users WHERE userId = ?1",
  )
    .bind(userId)
    .first<{ userQuota: number; ledger: number }>();
  return row!;
}

/** A usable site with active vendor accounts (cookie and email logins alternate), straight in D1 (jobs tests). */
export async function createJobSite(opts: { price?: number; vendors?: number; isUse?: boolean } = {}) {
  const { seal } = await import("../../worker/src/auth/secretbox");
  const site = await env.DB.prepare(
    "INSERT INTO sites (siteName, siteDesc, sitePrice, siteIsUse) VALUES (?1, 'Test site', ?2, ?3) RETURNING siteId",
  )
    .bind(`Site ${uniqueEmail("s").slice(0, 24)}`, opts.price ?? 10, opts.isUse === false ? 0 : 1)
    .first<{ siteId: number }>();
  const vendors: Array<{ vendorId: number; loginMethod: "cookie" | "email"; secret: string; vendorEmail: string }> = [];
  for (let n = 0; n < (opts.vendors ?? 1); n++) {
    const loginMethod = n % 2 === 0 ? "cookie" : "email";
    const secret = `secret-${site!.siteId}-${n}-${Math.random().toString(36).slice(2)}`;
    const sealed = await seal(
      JSON.stringify(loginMethod === "cookie" ? { vendorValue: secret } : { vendorPassword: secret }),
      env.VENDOR_SECRET_KEYS,
    );
    const vendorEmail = loginMethod === "email" ? uniqueEmail("vendor") : "";
    const row = await env.DB.prepare(
      `INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod, vendorEmail, vendorSecret, lastUsedAt)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING vendorId`,
    )
      .bind(site!.siteId, `Vendor ${n}`, loginMethod, vendorEmail, sealed, `2020-01-0${n + 1}T00:00:00.000Z`)
      .first<{ vendorId: number }>();
    vendors.push({ vendorId: row!.vendorId, loginMethod, secret, vendorEmail });
  }
  return { siteId: site!.siteId, vendors };
}

/** An agent's API key (stored hashed, as create-apikey does). */
export async function createAgentKey(name = "test agent"): Promise<{ key: string; apiKeyId: number }> {
  const { newApiKey } = await import("../../worker/src/auth/apikey");
  const made = await newApiKey();
  const row = await env.DB.prepare("INSERT INTO api_keys (keyName, keyPrefix, keyHash) VALUES (?1, ?2, ?3) RETURNING apiKeyId")
    .bind(name, made.keyPrefix, made.keyHash)
    .first<{ apiKeyId: number }>();
  return { key: made.key, apiKeyId: row!.apiKeyId };
}

/** A small valid PDF (the upload check reads the magic bytes). */
export function pdfFile(name = "essay.pdf", text = "hello"): File {
  return new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });
}

/** The EXPLAIN QUERY PLAN lines of each statement of a list (db/list.ts `listStatements`), in order. */
export async function listPlans(statements: Compilable[]): Promise<Array<{ sql: string; plan: string[] }>> {
  // A caller's loop over no plans would check nothing.
  if (statements.length === 0) throw new Error("listPlans: no statement to plan");
  return Promise.all(
    statements.map(async (statement) => {
      const compiled = statement.compile();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`)
        .bind(...(compiled.parameters as unknown[]))
        .all<{ detail: string }>();
      return { sql: compiled.sql, plan: plan.results.map((row) => row.detail) };
    }),
  );
}

/**
 * Plan lines that read a whole table row by row: "SCAN t" with no index. Walking an index ("SCAN t
 * USING INDEX …"), an FTS MATCH ("SCAN t_fts VIRTUAL TABLE …") and the rows of a subquery the plan
 * builds first ("CO-ROUTINE c" or "MATERIALIZE c", then "SCAN c": bounded candidates) are fine.
 */
export function badScans(plan: string[]): string[] {
  const subqueries = new Set(plan.map((line) => line.trim().match(/^(?:CO-ROUTINE|MATERIALIZE) (\S+)$/)?.[1]).filter(Boolean));
  return plan.filter((line) => {
    const scanned = line.trim().match(/^SCAN (\S+)$/)?.[1];
    return scanned !== undefined && !subqueries.has(scanned);
  });
}
