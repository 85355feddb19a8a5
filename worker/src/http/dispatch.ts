import { abilityOf, type AppRule } from "../auth/ability";
import { AGENT_RULES, loadAgent } from "../auth/apikey";
import { forgetSession, rememberedSession, rememberSession } from "../auth/session-cache";
import {
  clearSessionCookie,
  loadSession,
  readCookie,
  SESSION_COOKIE,
  sessionCheck,
  tokenHashOf,
  VIEW_AS_SECONDS,
  type ViewAs,
} from "../auth/session";
import { getDb, nowSeconds } from "../db";
import { meterD1, newUsage, TRACE_HEADER, traceHeader, usageHeader } from "../db/meter";
import { BOOKMARK_HEADER, openSession, requestBookmark, sessionConstraint } from "../db/sessions";
import { StaleSession, withSessionCheck, type SessionCheckedD1 } from "../db/session-check";
import { readBody, validate, type ParsedBody } from "./body";
import { forbidden, HttpError, msg, notFound, unauthorized } from "../errors";
import { describeError, logFailure } from "../errors/log";
import type { Ctx } from "./context";
import { requestLanguage } from "./language";
import { errorResponse } from "./respond";
import type { RouteDef } from "./route";

/** Refreshing lastSeenAt at most once a minute keeps most requests free of writes. */
const TOUCH_EVERY_SECONDS = 60;

/**
 * What the dispatcher leaves to its caller (the entry point wires the domain in, so http/ needs none of it):
 * `refused` records a call answered 403, for the audit log; it runs after the answer (waitUntil).
 */
export interface DispatchHooks {
  refused(ctx: Ctx, call: string, code: string): Promise<unknown>;
  /** Ends a view-as found past its 30 minutes (its audit row once, however many requests find it). */
  viewAsExpired(d1: D1Database, viewAs: ViewAs, userId: number, ip: string): Promise<unknown>;
}

export function createDispatcher(routes: RouteDef[], hooks: DispatchHooks) {
  const byName = new Map<string, RouteDef>();
  for (const def of routes) {
    if (byName.has(def.name)) throw new Error(`call ${def.name} is declared twice`);
    byName.set(def.name, def);
  }

  /** Serves `POST /api/<name>`; `url` is the request's, parsed once by the entry point. */
  return async function dispatch(request: Request, env: Env, exec: ExecutionContext, url: URL): Promise<Response> {
    const started = Date.now();
    const usage = newUsage();
    const name = url.pathname.slice(API_PREFIX.length);
    const def = byName.get(name);
    // Every query of the call runs in one D1 session (db/sessions.ts): reads from a replica at least
    // as recent as the caller's bookmark, anything that may write from the primary.
    const mayWrite = def === undefined || !readsOnly(def);
    const session = openSession(env.DB, sessionConstraint(requestBookmark(request), mayWrite));
    const metered = env.D1_METER === "true";
    const trace = metered && request.headers.get(TRACE_HEADER) === "1" ? [] : null;
    const primary = mayWrite ? null : () => meterD1(env.DB, usage, trace);
    const failure: Failure = {};
    const response = await handle(request, url, name, { ...env, DB: meterD1(session.db, usage, trace) }, exec, primary, failure);
    if (failure.code !== undefined) {
      logFailure({
        kind: "call",
        call: def ? name : "(unknown)",
        status: response.status,
        code: failure.code,
        requestId: request.headers.get("cf-ray") ?? crypto.randomUUID(),
        durationMs: Date.now() - started,
        rowsRead: usage.rowsRead,
        rowsWritten: usage.rowsWritten,
        ...(failure.unexpected !== undefined ? { error: describeError(failure.unexpected) } : {}),
      });
    }
    const bookmark = session.bookmark();
    if (bookmark) response.headers.set(BOOKMARK_HEADER, bookmark);
    if (metered) response.headers.append("server-timing", usageHeader(usage));
    if (trace) response.headers.set(TRACE_HEADER, traceHeader(trace));
    return response;
  };

  /** `primary` gives the primary database when the call runs on a replica (for a session it lacks). */
  async function handle(
    request: Request,
    url: URL,
    name: string,
    env: Env,
    exec: ExecutionContext,
    primary: (() => D1Database) | null,
    failure: Failure,
  ): Promise<Response> {
    let ctx: Ctx | null = null;
    try {
      const def = byName.get(name);
      if (!def) throw notFound(msg("unknownCall", { name: name.slice(0, 60) }), "unknown_call");
      if (request.method !== "POST") {
        throw new HttpError(405, "method_not_allowed", "postOnly");
      }
      checkOrigin(request, url);
      const body: BodyOnce = { parsed: null };
      try {
        ctx = await authenticate(request, url, env, exec, readsOnly(def), primary, hooks);
        return await answer(def, ctx, request, body);
      } catch (error) {
        if (!(error instanceof StaleSession)) throw error;
        // The remembered session changed: run the call again, loading the session afresh.
        ctx = await authenticate(request, url, env, exec, false, primary, hooks);
        return await answer(def, ctx, request, body);
      }
    } catch (error) {
      failure.code = error instanceof HttpError ? error.code : "internal_error";
      if (!(error instanceof HttpError)) failure.unexpected = error;
      // Browsers send the web app's language cookie; other clients get the contract's English texts.
      const response = errorResponse(error, requestLanguage(request));
      if (error instanceof HttpError && error.status === 403 && ctx) {
        exec.waitUntil(hooks.refused(ctx, name.slice(0, 60), error.code).then(() => undefined));
      }
      if (error instanceof HttpError && error.status === 401 && readCookie(request, SESSION_COOKIE)) {
        response.headers.append("set-cookie", clearSessionCookie(url.protocol === "https:"));
      }
      return response;
    }
  }
}

/**
 * The caller of a request that is no call (the live chat's socket, decision 0031), resolved as calls resolve
 * theirs: the same Origin check (403), then the session cookie or API key. Throws an HttpError.
 */
export async function requestCaller(
  request: Request,
  url: URL,
  env: Env,
  exec: ExecutionContext,
  hooks: DispatchHooks,
): Promise<Ctx> {
  checkOrigin(request, url);
  return authenticate(request, url, env, exec, false, null, hooks);
}

const API_PREFIX = "/api/";

/** How a call failed, for its log line: the answer's code, and an unexpected error's self. */
interface Failure {
  code?: string;
  unexpected?: unknown;
}

/** The request body, read once even when the call runs twice. */
interface BodyOnce {
  parsed: ParsedBody | null;
}

/** Calls that only read may run on a remembered session, re-checked in their first round trip. */
function readsOnly(def: RouteDef): boolean {
  return def.access !== "public" && def.access !== "signedIn" ? def.access[0] === "read" : def.readsOnly === true;
}

/** Authorizes and runs the call; any answer made on a remembered session waits for its confirmation. */
async function answer(def: RouteDef, ctx: Ctx, request: Request, body: BodyOnce): Promise<Response> {
  const confirm = sessionChecks.get(ctx)?.confirm ?? (async () => undefined);
  try {
    refuseViewAsWrite(def, ctx);
    authorize(def, ctx);
    def.available?.(ctx);
    body.parsed ??= await readBody(request, def.maxBody, def.formUrlEncoded === true);
    ctx.rawBody = body.parsed.raw;
    const input = validate(def.input, body.parsed.fields);
    const response = await def.handler(ctx, input as never);
    await confirm();
    for (const cookie of ctx.cookies) response.headers.append("set-cookie", cookie);
    return response;
  } catch (error) {
    // A refusal or an error counts only once the session it was made for is confirmed too.
    await confirm();
    throw error;
  }
}

/**
 * A browser POST from another site's page is refused (CSRF); requests without Origin are not browsers'.
 * The whole origin must match, scheme and port included: a page served over plain http on the same
 * host is another origin, and so is "null" (a sandboxed frame).
 */
function checkOrigin(request: Request, url: URL) {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  let sent: string | null;
  try {
    sent = new URL(origin).origin;
  } catch {
    sent = null;
  }
  if (sent !== url.origin) throw forbidden("crossOrigin", "cross_origin");
}

/** The rules of a caller that is neither signed in nor an agent. */
const NO_RULES: AppRule[] = [];

/** The session checks of calls running on a remembered session (see db/session-check.ts). */
const sessionChecks = new WeakMap<Ctx, SessionCheckedD1>();

async function authenticate(
  request: Request,
  url: URL,
  env: Env,
  exec: ExecutionContext,
  mayRemember: boolean,
  primary: (() => D1Database) | null,
  hooks: DispatchHooks,
): Promise<Ctx> {
  const ctx: Ctx = {
    env,
    exec,
    request,
    url,
    // Always the Kysely of ctx.env.DB (a remembered session's call swaps in the checked binding), made on first use.
    get db() {
      return getDb(this.env.DB);
    },
    ip: request.headers.get("cf-connecting-ip") ?? "",
    userAgent: request.headers.get("user-agent") ?? "",
    secure: url.protocol === "https:",
    user: null,
    sessionId: null,
    agent: null,
    rules: NO_RULES,
    ability: abilityOf(NO_RULES),
    cookies: [],
    rawBody: null,
  };
  const bearer = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) {
    ctx.agent = await loadAgent(env.DB, bearer, exec);
    if (!ctx.agent) throw unauthorized("invalidApiKey");
    ctx.rules = AGENT_RULES;
    ctx.ability = abilityOf(AGENT_RULES);
    return ctx;
  }
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return ctx;
  const tokenHash = await tokenHashOf(token);
  const now = nowSeconds();
  let session = mayRemember ? rememberedSession(tokenHash, now) : null;
  if (session) {
    const checked = withSessionCheck(env.DB, sessionCheck(session));
    ctx.env = { ...env, DB: checked.d1 };
    sessionChecks.set(ctx, checked);
  } else {
    forgetSession(tokenHash);
    session = await loadSession(env.DB, tokenHash);
    // A replica may not hold yet a session signed in a moment ago by a caller that sent no bookmark:
    // the primary answers before the cookie is refused (and cleared).
    if (!session && primary) session = await loadSession(primary(), tokenHash);
    if (!session) return ctx;
    rememberSession(session, now);
  }
  if (session.viewAs && now >= session.viewAs.startedAt + VIEW_AS_SECONDS) {
    // A hard limit, checked on every request: the caller is no one from now on (end-view-as brings the staff back).
    forgetSession(tokenHash);
    await hooks.viewAsExpired(env.DB, session.viewAs, session.user.userId, ctx.ip);
    return ctx;
  }
  ctx.user = session.user;
  ctx.viewAs = session.viewAs;
  ctx.sessionId = session.sessionId;
  ctx.rules = session.rules;
  ctx.ability = abilityOf(session.rules);
  if (now - session.lastSeenAt > TOUCH_EVERY_SECONDS) {
    session.lastSeenAt = now;
    // Only a live session is touched: a touch must never revive one idle past its limit.
    exec.waitUntil(
      env.DB.prepare("UPDATE sessions SET lastSeenAt = ?1 WHERE sessionId = ?2 AND ?1 - lastSeenAt <= idleSeconds")
        .bind(now, session.sessionId)
        .run()
        .then(() => undefined),
    );
  }
  return ctx;
}

/**
 * What a view-as session may call besides reads: its end, signing out, and two public calls not declared
 * reads: app-settings (every page load; it writes nothing) and search-article (it writes only its
 * missed-search counter, which it skips in a view-as).
 */
const VIEW_AS_ALLOWED = new Set(["end-view-as", "logout", "app-settings", "search-article"]);
/** Calls declared as reads that still write the caller's data (`my-referral` refuses its tie in its handler). */
const VIEW_AS_REFUSED = new Set(["mark-article-read"]);

/** A view-as is read-only (decision 0033): every other call is refused before it runs. */
function refuseViewAsWrite(def: RouteDef, ctx: Ctx) {
  if (!ctx.viewAs || VIEW_AS_ALLOWED.has(def.name)) return;
  if (!readsOnly(def) || VIEW_AS_REFUSED.has(def.name)) throw forbidden("viewAsReadOnly", "view_as_read_only");
}

function authorize(def: RouteDef, ctx: Ctx) {
  if (def.access === "public") return;
  if (ctx.agent && !def.agent) {
    throw forbidden("agentCallsOnly", "agent_not_allowed");
  }
  if (!ctx.user && !ctx.agent) throw unauthorized();
  if (def.access === "signedIn") {
    if (!ctx.user) throw forbidden("signedInUserOnly", "agent_not_allowed");
    return;
  }
  const [action, subject] = def.access;
  if (!ctx.ability.can(action, subject)) {
    throw forbidden(msg("notAllowed", { action, subject }), "missing_permission");
  }
}
