import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, directFetch } from "./helpers";
import { insertUser, sessionCookie } from "./proof-support";

/**
 * Read calls made with a session this isolate remembers skip the session query: the session is
 * re-checked by the first statement of their first batch instead (worker/src/db/session-check.ts).
 * These tests count D1 round trips and prove a changed or ended session is never acted upon.
 */

interface Trip {
  kind: "batch" | "statement";
  sql: string[];
}

/** env with a D1 binding that records every round trip, the calls' D1 sessions included. */
function countingEnv(trips: Trip[]): Env {
  const real = env.DB;
  const statements = new WeakMap<object, string>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            trips.push({ kind: "statement", sql: [sql] });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    statements.set(proxy, sql);
    return proxy;
  };
  const recording = (runner: Pick<D1Database, "prepare" | "batch">) => ({
    prepare: (sql: string) => wrap(runner.prepare(sql), sql),
    batch(list: D1PreparedStatement[]) {
      trips.push({ kind: "batch", sql: list.map((s) => statements.get(s) ?? "?") });
      return runner.batch(list);
    },
  });
  const db = {
    ...recording(real),
    exec: (sql: string) => real.exec(sql),
    dump: () => real.dump(),
    withSession(constraint?: string) {
      const session = real.withSession(constraint);
      return { ...recording(session), getBookmark: () => session.getBookmark() };
    },
  };
  return { ...env, DB: db as unknown as D1Database };
}

async function send(name: string, body: unknown, cookie: string, trips: Trip[] = []) {
  const res = await directFetch(
    `${BASE}/api/${name}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "cf-connecting-ip": "203.0.113.9" },
      body: JSON.stringify(body),
    },
    countingEnv(trips),
  );
  return { status: res.status, body: (await res.json()) as any };
}

const checks = (trips: Trip[]) => trips.filter((t) => t.sql.some((s) => s.includes("sessionHolds"))).length;

async function admin() {
  const user = await insertUser("admin");
  return { ...user, cookie: await sessionCookie(user.userId) };
}

/** A signed-in user of a new role that may read `subject`; `addRule` adds a read rule (inverted: refusing) to it. */
async function userOfNewRole(prefix: string, subject: string) {
  const role = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1) RETURNING roleId")
    .bind(role)
    .first<{ roleId: number }>();
  const addRule = (ruleSubject: string, inverted: 0 | 1) =>
    env.DB.prepare("INSERT INTO role_rules (roleId, action, subject, inverted) VALUES (?1, 'read', ?2, ?3)")
      .bind(created!.roleId, ruleSubject, inverted)
      .run();
  await addRule(subject, 0);
  const user = await insertUser(role);
  return { cookie: await sessionCookie(user.userId), addRule };
}

describe("remembered sessions", () => {
  it("serve a read call in one round trip: the session check is the first statement of the call's batch", async () => {
    const { cookie } = await admin();
    const first: Trip[] = [];
    expect((await send("searchuser", { search: "Proof" }, cookie, first)).status).toBe(200);
    // The session loaded, then the list's batch.
    expect(first.map((t) => t.kind)).toEqual(["statement", "batch"]);
    expect(checks(first)).toBe(0);
    const again: Trip[] = [];
    const res = await send("searchuser", { search: "Proof" }, cookie, again);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(again).toHaveLength(1);
    expect(again[0]!.kind).toBe("batch");
    // The check, a plain statement answering 1 or 0, then the page and the total (db/list.ts).
    expect(again[0]!.sql).toHaveLength(3);
    expect(again[0]!.sql[0]).toMatch(/^SELECT \(\(SELECT json_array\(.*\) IS \?3\) AS sessionHolds$/s);
  });

  it("throw away a page read under a changed session and read it again, error texts never consulted", async () => {
    const user = await insertUser("admin");
    const cookie = await sessionCookie(user.userId);
    expect((await send("searchuser", {}, cookie)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET userName = 'Renamed Proof' WHERE userId = ?1").bind(user.userId).run();
    const trips: Trip[] = [];
    const res = await send("searchuser", { userId: user.userId }, cookie, trips);
    expect(res.status).toBe(200);
    expect(res.body.data[0].userName).toBe("Renamed Proof");
    // The checked batch answered sessionHolds 0: the session loaded afresh, the list read again.
    expect(trips.map((t) => t.kind)).toEqual(["batch", "statement", "batch"]);
    expect(checks(trips)).toBe(1);
  });

  it("are never used by a call that changes something", async () => {
    const { cookie } = await admin();
    await send("me", {}, cookie);
    const trips: Trip[] = [];
    const res = await send("updateitem", { itemId: 0, itemName: "", itemPrice: -1 }, cookie, trips);
    expect(res.status).toBe(400);
    expect(checks(trips)).toBe(0);
    expect(trips[0]!.sql[0]).toContain("fingerprint");
  });

  it("end at once when the user is deactivated: the next read answers 401", async () => {
    const { userId, cookie } = await admin();
    expect((await send("searchuser", {}, cookie)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userId = ?1").bind(userId).run();
    const trips: Trip[] = [];
    const res = await send("searchuser", {}, cookie, trips);
    expect(res.status).toBe(401);
    expect(checks(trips)).toBe(1);
  });

  it("follow a rule change on the next request, refusing what the new rules refuse", async () => {
    const { cookie, addRule } = await userOfNewRole("remembered", "all");
    expect((await send("searchuser", {}, cookie)).status).toBe(200);
    await addRule("User", 1);
    const res = await send("searchuser", {}, cookie);
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("read User");
  });

  it("follow a rule change that grants on the next request, as one that refuses", async () => {
    const { cookie, addRule } = await userOfNewRole("granted", "Site");
    // Twice: the second call runs on the remembered session and its ability.
    expect((await send("searchuser", {}, cookie)).status).toBe(403);
    expect((await send("searchuser", {}, cookie)).status).toBe(403);
    await addRule("User", 0);
    expect((await send("searchuser", {}, cookie)).status).toBe(200);
    expect((await send("searchsite", {}, cookie)).status).toBe(200);
  });

  it("answer with the user's current figures, not the remembered ones", async () => {
    const user = await insertUser("client", { quota: 5 });
    const cookie = await sessionCookie(user.userId);
    expect((await send("me", {}, cookie)).body.userData.userQuota).toBe(5);
    await env.DB.prepare("UPDATE users SET userQuota = 42 WHERE userId = ?1").bind(user.userId).run();
    const trips: Trip[] = [];
    const res = await send("me", {}, cookie, trips);
    expect(res.body.userData.userQuota).toBe(42);
    // The stale check failed, the session was loaded afresh and the call ran again.
    expect(checks(trips)).toBe(1);
    expect(trips.length).toBe(3);
  });

  it("never revive a session idle past its limit, and refuse bad input only after the check", async () => {
    const { userId, cookie } = await admin();
    expect((await send("searchuser", {}, cookie)).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET lastSeenAt = lastSeenAt - 90000 WHERE userId = ?1").bind(userId).run();
    // A wrong type would be a 400 for a live session; an expired one is told to sign in again.
    const res = await send("searchuser", { page: "x" }, cookie);
    expect(res.status).toBe(401);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1").bind(userId).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
