import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppAbility } from "../../worker/src/auth/ability";
import type { SessionUser } from "../../worker/src/auth/session";
import { ftsQuery, getDb } from "../../worker/src/db";
import { validate } from "../../worker/src/http/body";
import type { Ctx } from "../../worker/src/http/context";
import type { RouteDef } from "../../worker/src/http/route";
import { routes } from "../../worker/src/routes";
import { runCron } from "../../worker/src/cron";
import { SCHEDULES } from "../../worker/src/schedules";
import { call, callForm, createAdmin, createAgentKey, createJobSite, createUser, pdfFile } from "./helpers";
import { abilityOfRole, insertUser, type Principal } from "./proof-support";
import { dashboardRefund, paidCard } from "./refund-support";
import { postEvent, stripeEnv } from "./stripe-support";

/**
 * Runs the real handler of every list call (and dashboard-stats) over a D1 binding that records the
 * SQL it prepares, then asks SQLite for each statement's plan: with a filter or a search, a big table
 * read row by row without an index ("SCAN users", not "SCAN users USING INDEX …" or an FTS match)
 * fails. Without one, a list walks its table in id order (newest first) and stops at the page, or
 * counts it up to COUNT_CAP: that "SCAN" is the list's order. Capturing what the handler runs, rather
 * than rebuilding its query, keeps the check true when a handler changes. Then every index the
 * migrations make must appear in the plan of something the portal runs: an index no plan uses only
 * costs writes.
 */

const BIG_TABLES = new Set([
  "users",
  "history",
  "payments",
  "audit_log",
  "coupons",
  "items",
  "quota_ledger",
  "outbox",
  "subscriptions",
  "quota_grants",
]);

/** Bodies beyond {}, a trigram search and a short (LIKE) search, exercising each call's filters. */
const FILTERS: Record<string, Array<Record<string, unknown>>> = {
  searchuser: [
    { selectedRole: "client" },
    { selectedStatus: "active" },
    { selectedRole: "client", selectedStatus: "inactive" },
    { selectedPlan: "1" },
    { selectedPlan: "1", selectedRole: "client" },
    { search: "alpha", selectedRole: "admin" },
  ],
  "search-history": [
    { userId: 1 },
    { selectedVendor: 1 },
    { selectedVendor: 1, status: 1 },
    { vendorId: 1 },
    { status: 1 },
    { search: "chapter", status: 0 },
  ],
  // A reference's first 8+ characters: a range of the referenceId index.
  "search-payment": [
    { status: "paid" },
    { status: "pending", search: "abc" },
    { search: "Xk3v9QpL" },
    { search: "Xk3v9QpL", status: "paid" },
  ],
  "search-ticket": [{ folder: "sent" }, { folder: "draft" }, { folder: "starred", label: "job", status: "open" }],
  "search-coupon": [{ status: "unused" }, { status: "used" }, { status: "expired" }],
  // A client's read is one user's (the plan of staff's client filter too).
  "search-calendar": [
    { from: "2026-01-01", to: "2026-04-02" },
    { from: "2026-01-01", to: "2026-01-31", kinds: ["payment-expires"] },
  ],
  searchitem: [
    { sort: "price_asc" },
    { sort: "price_desc" },
    { sort: "name" },
    { sort: "newest", isActive: true },
    { sort: "name", isActive: true },
    { sort: "price_asc", isActive: true },
    { sort: "price_desc", isActive: true },
  ],
  searchbundle: [{ isActive: true }],
  searchsite: [{ selectedStatus: "active" }],
  searchvendor: [{ selectedVendor: 1 }, { selectedStatus: "active" }],
  "search-audit": [{ search: "login" }, { outcome: "denied" }],
  "search-outbox": [{ status: "failed" }],
  "search-review": [{ itemId: 1 }, { status: "pending" }],
  "search-order-event": [{ referenceId: "Xk3v9QpLXk3v9QpLXk3v9Q" }],
  "search-product": [
    { kind: "item", status: "active", sort: "price_asc" },
    { search: "plan", sort: "name" },
  ],
  "search-customer": [{ status: "active" }, { userId: 1 }],
  "search-credit-note": [{ userId: 1 }, { referenceId: "Xk3v9QpLXk3v9QpLXk3v9Q" }],
  // Staff reading a user's view-as sessions (the client's own list is the same range of view_as_sessions_user).
  "search-view-as": [{ userId: 1 }],
};

/** A trigram search and a short (LIKE) search, for the calls that take a search. */
const searches = (def: RouteDef) =>
  "search" in (def.input as unknown as { shape: Record<string, unknown> }).shape ? [{ search: "alpha" }, { search: "al" }] : [];

/** A body that reads the whole list, in its order: no filter, no search, a page at most. */
const unfiltered = (body: Record<string, unknown>) => Object.keys(body).every((key) => key === "page" || key === "limit");

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 binding that forwards everything and records the SQL and parameters of each statement (its D1 sessions' too). */
function recordingD1<B extends object = D1Database>(d1: B, log: Recorded[]): B {
  return new Proxy(d1 as B & D1Database, {
    get(target, prop) {
      if (prop === "withSession") {
        return (constraint?: string) => recordingD1(target.withSession(constraint), log);
      }
      if (prop === "prepare") {
        return (sql: string) => {
          const statement = target.prepare(sql);
          const entry: Recorded = { sql, params: [] };
          log.push(entry);
          const bind = statement.bind.bind(statement);
          statement.bind = (...params: unknown[]) => {
            entry.params = params;
            return bind(...params);
          };
          return statement;
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `LIMIT ?` or `LIMIT ?3`, as opposed to `limit cast(? as integer)` or a literal. */
const BARE_LIMIT = /\blimit\s+[(\s]*\?\d*/i;

function isShortSearch(body: Record<string, unknown>): boolean {
  return typeof body.search === "string" && body.search.trim() !== "" && ftsQuery(body.search) === null;
}

/** alias → table, from the FROM and JOIN clauses of a statement. */
function aliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\b(?:from|join)\s+"?([A-Za-z_]\w*)"?(?:\s+(?:as\s+)?"?([A-Za-z_]\w*)"?)?/gi;
  const keywords = new Set(["where", "on", "inner", "left", "cross", "join", "order", "group", "limit", "using", "natural"]);
  for (const m of sql.matchAll(re)) {
    const table = m[1]!;
    out.set(table, table);
    if (m[2] && !keywords.has(m[2].toLowerCase())) out.set(m[2], table);
  }
  return out;
}

/** The EXPLAIN QUERY PLAN lines of a recorded statement (none for what has no plan). */
async function planOf(entry: Recorded): Promise<string[]> {
  if (!/^\s*(select|with|insert|update|delete)\b/i.test(entry.sql)) return [];
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${entry.sql}`)
    .bind(...entry.params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail.trim());
}

async function fullScans(entry: Recorded): Promise<string[]> {
  const names = aliases(entry.sql);
  return (await planOf(entry)).filter((detail) => {
    const scanned = detail.match(/^SCAN (\w+)$/)?.[1];
    return scanned !== undefined && BIG_TABLES.has(names.get(scanned) ?? scanned);
  });
}

/** Every index a plan line names, into `used`. */
const USING_INDEX = /USING (?:COVERING )?INDEX (\w+)/;

describe("query plans of list calls", () => {
  const who = {} as Record<"admin" | "client", { principal: Principal; ability: AppAbility; user: SessionUser }>;

  beforeAll(async () => {
    for (const role of ["admin", "client"] as const) {
      const principal = await insertUser(role);
      const user = await env.DB.prepare(
        "SELECT userId, userName, userEmail, userRole, userImage, userQuota, emailVerified, twoFactorEnabled FROM users WHERE userId = ?1",
      )
        .bind(principal.userId)
        .first<SessionUser>();
      who[role] = { principal, ability: await abilityOfRole(role, principal.userId), user: user! };
    }
  });

  /** Runs a call's handler as `role` over a recording D1: its answer and the statements it prepared. */
  async function runHandler(def: RouteDef, role: "admin" | "client", body: Record<string, unknown>) {
    const caller = who[role];
    const log: Recorded[] = [];
    const d1 = recordingD1(env.DB, log);
    const exec = createExecutionContext();
    const url = new URL(`http://portal.test/api/${def.name}`);
    const ctx: Ctx = {
      env: { ...env, DB: d1 },
      exec,
      request: new Request(url, { method: "POST" }),
      url,
      db: getDb(d1),
      ip: "203.0.113.5",
      userAgent: "query-plans",
      secure: false,
      user: caller.user,
      sessionId: null,
      agent: null,
      rules: [],
      ability: caller.ability,
      cookies: [],
      rawBody: null,
    };
    const res = await def.handler(ctx, validate(def.input, body) as never);
    await waitOnExecutionContext(exec);
    return { res, log };
  }

  const listCalls = routes.filter(
    (r) =>
      r.name.startsWith("search") || r.name === "dashboard-stats" || r.name === "payment-attention" || r.name === "support-stats",
  );

  it("covers the big list calls of the budget", () => {
    const names = listCalls.map((r) => r.name);
    for (const required of ["searchuser", "search-history", "search-payment", "search-audit", "search-coupon", "searchitem"]) {
      expect(names, required).toContain(required);
    }
  });

  for (const def of listCalls) {
    it(`${def.name} reads no big table without an index`, async () => {
      const bodies = [{}, ...searches(def), ...(FILTERS[def.name] ?? [])];
      const problems: string[] = [];
      let statements = 0;
      for (const role of ["admin", "client"] as const) {
        const caller = who[role];
        if (Array.isArray(def.access) && !caller.ability.can(def.access[0], def.access[1])) continue;
        for (const body of bodies) {
          const { res, log } = await runHandler(def, role, body);
          if (res.status !== 200) problems.push(`${role} ${JSON.stringify(body)}: answered ${res.status} ${await res.text()}`);
          statements += log.length;
          // Decision 0001: words under 3 characters fall back to LIKE, which no index (trigram FTS
          // included) can serve; that scan is the documented price of 1–2 character searches.
          if (isShortSearch(body)) continue;
          for (const entry of log) {
            // A bare parameter as a LIMIT makes SQLite compile the statement again on every run (db/index.ts).
            if (BARE_LIMIT.test(entry.sql))
              problems.push(`${role} ${JSON.stringify(body)}: a bare LIMIT parameter in ${entry.sql}`);
            if (unfiltered(body)) continue;
            const scans = await fullScans(entry);
            if (scans.length) problems.push(`${role} ${JSON.stringify(body)}: ${scans.join(", ")} in ${entry.sql}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(statements, "the handler ran SQL through the recorded binding").toBeGreaterThan(0);
    });
  }

  it("dashboard-stats reads all its figures in one round trip, each statement through its index range", async () => {
    const def = routes.find((r) => r.name === "dashboard-stats")!;
    for (const role of ["admin", "client"] as const) {
      // A period no other test asks for: the business part is not in the isolate's one-minute copy.
      const { res, log } = await runHandler(def, role, { range: 365, end: "2001-06-30" });
      expect(res.status).toBe(200);
      const plans = (await Promise.all(log.map(planOf))).flat().join("\n");
      expect(plans).toContain("SEARCH daily_user_stats USING PRIMARY KEY (userId=? AND day>?)");
      expect(plans).toContain("SEARCH history USING INDEX history_user (userId=?)");
      if (role === "admin") {
        expect(plans).toContain("SEARCH daily_stats USING PRIMARY KEY (day>? AND day<?)");
        expect(plans).toContain("SEARCH daily_site_stats USING PRIMARY KEY (day>? AND day<?)");
      }
    }
  });

  it("store-stats reads its figures and referral share through the roll-ups' day ranges only", async () => {
    const def = routes.find((r) => r.name === "store-stats")!;
    const { res, log } = await runHandler(def, "admin", { range: 365, end: "2001-06-30" });
    expect(res.status).toBe(200);
    expect(log.map((s) => s.sql).join("\n")).toContain("referredPaidAmount");
    const plans = (await Promise.all(log.map(planOf))).flat().join("\n");
    expect(plans).toContain("SEARCH daily_stats USING PRIMARY KEY (day>? AND day<?)");
    expect(plans).toContain("SEARCH daily_product_stats USING PRIMARY KEY (day>? AND day<?)");
  });

  it("search-payment finds a reference by its first characters through the referenceId index", async () => {
    const def = routes.find((r) => r.name === "search-payment")!;
    const { res, log } = await runHandler(def, "admin", { search: "Xk3v9QpL" });
    expect(res.status).toBe(200);
    const plans = await Promise.all(
      log.map((entry) =>
        env.DB.prepare(`EXPLAIN QUERY PLAN ${entry.sql}`)
          .bind(...entry.params)
          .all<{ detail: string }>(),
      ),
    );
    const details = plans.flatMap((plan) => plan.results.map((r) => r.detail)).join("\n");
    // The page and the count both read the range of the unique index, not every payment.
    expect(
      details.match(/USING (COVERING )?INDEX sqlite_autoindex_payments_1 \(referenceId>\? AND referenceId<\?\)/g),
    ).toHaveLength(2);
  });

  it("uses every index the migrations make: each is in the plan of a list, the dashboard, a cron task or a write", async () => {
    const used = new Set<string>();
    const note = async (log: Recorded[]) => {
      for (const entry of log) for (const line of await planOf(entry)) used.add(line.match(USING_INDEX)?.[1] ?? "");
    };
    for (const def of listCalls) {
      for (const role of ["admin", "client"] as const) {
        if (Array.isArray(def.access) && !who[role].ability.can(def.access[0], def.access[1])) continue;
        for (const body of [{}, ...searches(def), ...(FILTERS[def.name] ?? [])])
          await note((await runHandler(def, role, body)).log);
      }
    }
    // The cron's tasks and the writes that find rows by something else than their key.
    const log: Recorded[] = [];
    const recorded = { ...env, DB: recordingD1(env.DB, log) };
    await runCron(recorded, SCHEDULES.frequent);
    await runCron(recorded, SCHEDULES.daily);
    const { siteId } = await createJobSite({ price: 1 });
    const client = await createUser({ quota: 5 });
    await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie, env: recorded });
    await call("claim-jobs", { limit: 1 }, { bearer: (await createAgentKey()).key, env: recorded });
    await call("login", { email: client.email, password: "wrong password" }, { env: recorded });
    // A thread's files (decision 0032): ticket-detail reads them by message.
    const opened = await call("open-ticket", { subject: "Plans", body: "<p>x</p>" }, { cookie: client.cookie });
    const ticketId = String(opened.body.ticket.ticketId);
    await callForm("reply-ticket", { ticketId, body: "<p>file</p>", attachments: pdfFile() }, { cookie: client.cookie });
    await call("ticket-detail", { ticketId: Number(ticketId) }, { cookie: client.cookie, env: recorded });
    await call("deleteuser", { userId: client.userId }, { cookie: (await createAdmin()).cookie, env: recorded });
    // The academy's staff dashboard (decision 0023): readers per article, the searches that found nothing.
    await call("article-stats", {}, { cookie: (await createAdmin()).cookie, env: recorded });
    // A refund made in Stripe's dashboard: its event finds the payment by its PaymentIntent.
    const card = await paidCard();
    const { refund } = await dashboardRefund(card.paymentIntent, 10);
    await postEvent("refund.created", refund, { env: { ...stripeEnv(), DB: recordingD1(env.DB, log) } });
    await note(log);

    const indexes = await env.DB.prepare(
      `SELECT name, tbl_name AS tableName, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
         AND tbl_name NOT LIKE '%\\_fts%' ESCAPE '\\'`,
    ).all<{ name: string; tableName: string; sql: string }>();
    // A unique index is a constraint first: it holds whether or not a plan reads it.
    const unused = indexes.results.filter((index) => !/^CREATE UNIQUE/i.test(index.sql) && !used.has(index.name));
    expect(unused.map((index) => `${index.tableName}.${index.name}`)).toEqual([]);
  }, 60_000);
});
