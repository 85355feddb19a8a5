import { env, exports } from "cloudflare:workers";
import { hashPassword } from "../../worker/src/auth/password";

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
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** The session cookie this answer set, as "sid=…", if any. */
  cookie: string | null;
}

/** POSTs a call the way the web app does and reads the JSON answer. */
export async function call<T = any>(name: string, body: unknown = {}, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.raw === undefined) headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  headers["cf-connecting-ip"] = opts.ip ?? "203.0.113.1";
  const res = await exports.default.fetch(`${BASE}/api/${name}`, {
    method: "POST",
    headers,
    body: opts.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Downloads answer with file bytes, not JSON.
  }
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  const cookie = setCookie ? setCookie.split(";")[0]! : null;
  return { status: res.status, body: parsed as T, headers: res.headers, cookie: cookie === "sid=" ? null : cookie };
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
