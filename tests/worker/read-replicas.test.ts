import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseUsageHeader } from "../../worker/src/db/meter";
import { BASE, createAdmin, directFetch } from "./helpers";

/**
 * Every call runs in a D1 session (worker/src/db/sessions.ts): reads from a replica at least as recent
 * as the caller's bookmark, writes from the primary; the answer hands back the newest bookmark.
 * A D1 binding that records the constraint of each session shows where a call was allowed to go.
 */

interface Recorder {
  constraints: string[];
  /** When set, sessions that may start on a replica answer the session query with no row (a lagging replica). */
  lagging?: boolean;
}

function recordingEnv(recorder: Recorder): Env {
  const real = env.DB;
  const db = {
    prepare: (sql: string) => real.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => real.batch(statements),
    exec: (sql: string) => real.exec(sql),
    dump: () => real.dump(),
    withSession(constraint = "first-unconstrained") {
      recorder.constraints.push(constraint);
      const session = real.withSession(constraint);
      const replica = recorder.lagging && constraint !== "first-primary";
      return {
        prepare(sql: string) {
          // The session query (auth/session.ts) finds nothing on a replica that has not caught up.
          if (replica && sql.includes("AS fingerprint")) {
            return session.prepare(`${sql} AND 0`);
          }
          return session.prepare(sql);
        },
        batch: (statements: D1PreparedStatement[]) => session.batch(statements),
        getBookmark: () => session.getBookmark(),
      };
    },
  };
  return { ...env, DB: db as unknown as D1Database };
}

async function send(name: string, body: object, opts: { cookie: string; bookmark?: string; recorder?: Recorder }) {
  const headers: Record<string, string> = { "content-type": "application/json", cookie: opts.cookie };
  if (opts.bookmark !== undefined) headers["x-d1-bookmark"] = opts.bookmark;
  const res = await directFetch(
    `${BASE}/api/${name}`,
    { method: "POST", headers, body: JSON.stringify(body) },
    opts.recorder ? recordingEnv(opts.recorder) : env,
  );
  return {
    status: res.status,
    body: (await res.json()) as any,
    bookmark: res.headers.get("x-d1-bookmark"),
    cookies: res.headers.getSetCookie(),
    usage: parseUsageHeader(res.headers.get("server-timing")),
  };
}

const newBundle = { bundleId: 0, bundlePoin: 777, bundlePPP: 3, bundleDisc: 0, bundleIsActive: true };

describe("D1 sessions", () => {
  it("let a read start on any replica, or on one as recent as the caller's bookmark", async () => {
    const admin = await createAdmin();
    const recorder: Recorder = { constraints: [] };
    await send("searchbundle", {}, { cookie: admin.cookie, recorder });
    const bookmark = "00000000-0000002a-00000000-00000000000000000000000000000000";
    await send("searchbundle", {}, { cookie: admin.cookie, bookmark, recorder });
    // Anything but a well-formed bookmark is ignored, never handed to D1.
    await send("searchbundle", {}, { cookie: admin.cookie, bookmark: "'; DROP TABLE users; --", recorder });
    expect(recorder.constraints).toEqual(["first-unconstrained", bookmark, "first-unconstrained"]);
  });

  it("let public and signed-in calls declared as only reading start on any replica too", async () => {
    const admin = await createAdmin();
    const recorder: Recorder = { constraints: [] };
    for (const name of ["me", "search-session", "search-subscription", "public-catalogue"]) {
      expect((await send(name, {}, { cookie: admin.cookie, recorder })).status, name).toBe(200);
    }
    expect(recorder.constraints).toEqual(Array(4).fill("first-unconstrained"));
  });

  it("start every call that may write on the primary, whatever bookmark it brings", async () => {
    const admin = await createAdmin();
    const recorder: Recorder = { constraints: [] };
    const saved = await send("updatebundle", newBundle, { cookie: admin.cookie, recorder });
    expect(saved.status).toBe(200);
    const bookmark = saved.bookmark!;
    await send("deletebundle", { bundleId: saved.body.bundle.bundleId }, { cookie: admin.cookie, bookmark, recorder });
    expect(recorder.constraints).toEqual(["first-primary", "first-primary"]);
  });

  it("hand back a bookmark that lets the caller read their own write, and meter the session", async () => {
    const admin = await createAdmin();
    const saved = await send("updatebundle", newBundle, { cookie: admin.cookie });
    expect(saved.status).toBe(200);
    expect(saved.bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    const recorder: Recorder = { constraints: [] };
    const read = await send("searchbundle", { limit: 100 }, { cookie: admin.cookie, bookmark: saved.bookmark!, recorder });
    expect(recorder.constraints).toEqual([saved.bookmark]);
    expect(read.body.data.map((b: { bundleId: number }) => b.bundleId)).toContain(saved.body.bundle.bundleId);
    // Bookmarks sort oldest to newest: the read's is at least as recent as the write's.
    expect(read.bookmark! >= saved.bookmark!).toBe(true);
    expect(read.usage!.roundTrips).toBeGreaterThan(0);
  });

  it("ask the primary for a session a lagging replica does not hold yet, instead of signing the caller out", async () => {
    const admin = await createAdmin();
    const recorder: Recorder = { constraints: [], lagging: true };
    const res = await send("searchbundle", {}, { cookie: admin.cookie, recorder });
    expect(res.status).toBe(200);
    expect(res.cookies.some((c) => c.startsWith("sid=;"))).toBe(false);
    // An unknown session is refused, once the primary does not know it either.
    const unknown = await send("searchbundle", {}, { cookie: "sid=not-a-session", recorder });
    expect(unknown.status).toBe(401);
  });
});
