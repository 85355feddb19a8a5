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
import { abilityOfRole, insertUser, type Principal } from "./proof-support";

/**
 * Runs the real handler of every list call (and dashboard-stats) over a D1 binding that records the
 * SQL it prepares, then asks SQLite for each statement's plan: a big table read row by row without
 * an index ("SCAN users", not "SCAN users USING INDEX …" or an FTS match) fails. Capturing what the
 * handler runs, rather than rebuilding its query, keeps the check true when a handler changes.
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
]);

/** Bodies beyond {}, a trigram search and a short (LIKE) search, exercising each call's filters. */
const FILTERS: Record<string, Array<Record<string, unknown>>> = {
  searchuser: [
    { selectedRole: "client" },
    { selectedStatus: "active" },
    { selectedPlan: "1" },
    { search: "alpha", selectedRole: "admin" },
  ],
  "search-history": [{ userId: 1 }, { selectedVendor: 1 }, { status: 1 }, { search: "chapter", status: 0 }],
  // A reference's first 8+ characters: a range of the referenceId index.
  "search-payment": [
    { status: "paid" },
    { status: "pending", search: "abc" },
    { search: "Xk3v9QpL" },
    { search: "Xk3v9QpL", status: "paid" },
  ],
  "search-coupon": [{ status: "unused" }, { status: "used" }, { status: "expired" }],
  searchitem: [{ sort: "price_asc" }, { sort: "name" }, { sort: "newest", isActive: true }],
  "search-audit": [{ search: "login" }],
};

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 binding that forwards everything and records the SQL and parameters of each statement. */
function recordingD1(d1: D1Database, log: Recorded[]): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
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

async function fullScans(entry: Recorded): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(entry.sql)) return [];
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${entry.sql}`)
    .bind(...entry.params)
    .all<{ detail: string }>();
  const names = aliases(entry.sql);
  return plan.results
    .map((r) => r.detail.trim())
    .filter((detail) => {
      const scanned = detail.match(/^SCAN (\w+)$/)?.[1];
      return scanned !== undefined && BIG_TABLES.has(names.get(scanned) ?? scanned);
    });
}

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

  const listCalls = routes.filter((r) => r.name.startsWith("search") || r.name === "dashboard-stats");

  it("covers the big list calls of the budget", () => {
    const names = listCalls.map((r) => r.name);
    for (const required of ["searchuser", "search-history", "search-payment", "search-audit", "search-coupon", "searchitem"]) {
      expect(names, required).toContain(required);
    }
  });

  for (const def of listCalls) {
    it(`${def.name} reads no big table without an index`, async () => {
      const bodies = [{}, { search: "alpha" }, { search: "al" }, ...(FILTERS[def.name] ?? [])];
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
            const scans = await fullScans(entry);
            if (scans.length) problems.push(`${role} ${JSON.stringify(body)}: ${scans.join(", ")} in ${entry.sql}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(statements, "the handler ran SQL through the recorded binding").toBeGreaterThan(0);
    });
  }

  it("dashboard-stats reads all its figures in one statement, each part through its index range", async () => {
    const def = routes.find((r) => r.name === "dashboard-stats")!;
    for (const role of ["admin", "client"] as const) {
      // A period no other test asks for: the business part is not in the isolate's one-minute copy.
      const { res, log } = await runHandler(def, role, { range: 365, end: "2001-06-30" });
      expect(res.status).toBe(200);
      expect(log, role).toHaveLength(1);
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${log[0]!.sql}`)
        .bind(...log[0]!.params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details).toContain("SEARCH us USING PRIMARY KEY (userId=? AND grain=? AND period>? AND period<?)");
      expect(details).toContain("SEARCH history USING INDEX history_user (userId=?)");
      if (role === "admin") {
        expect(details).toContain("SEARCH daily_stats USING PRIMARY KEY (day>? AND day<?)");
        expect(details).toContain("SEARCH ps USING PRIMARY KEY (metric=? AND grain=? AND period>? AND period<?)");
      }
    }
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
    expect(details.match(/USING INDEX sqlite_autoindex_payments_1 \(referenceId>\? AND referenceId<\?\)/g)).toHaveLength(2);
  });
});
