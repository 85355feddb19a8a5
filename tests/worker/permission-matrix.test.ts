import { beforeAll, describe, expect, it } from "vitest";
import { AGENT_RULES } from "../../worker/src/auth/apikey";
import { buildAbility, type AppAbility } from "../../worker/src/auth/ability";
import type { RouteDef } from "../../worker/src/http/route";
import { routes } from "../../worker/src/routes";
import { ACCESS_TABLE, type Audience } from "./access-table";
import { BASE, call, directFetch } from "./helpers";

import {
  abilityOfRole,
  agentKey,
  ensureSupportRole,
  insertUser,
  sessionCookie,
  SUPPORT_DESK_ROLE,
  SUPPORT_ROLE,
  type Principal,
} from "./proof-support";

/**
 * Every call of the route table, made with an empty body by six principals, answers as its declared
 * access says: 401 for anonymous callers of non-public calls, 403 for principals the access refuses,
 * and for everyone else anything but 401/403 (400 for the empty body or 404 for a missing row is fine).
 */

type Who = "anonymous" | "client" | "another client" | "support" | "support desk" | "agent" | "admin";
const PRINCIPALS: Who[] = ["anonymous", "client", "another client", "support", "support desk", "agent", "admin"];

/** Public calls that authenticate by what the body carries (a signature), not by a session. */
const AUTH_BY_BODY: Record<string, string> = {
  "payment-webhook": "the gateway's X-Signature is checked; an unsigned body is refused with 401",
};

/** The audience a declaration gives, over the built-in roles and an agent key. */
function declaredAudience(def: Pick<RouteDef, "access" | "agent">, client: AppAbility, admin: AppAbility): Audience {
  if (def.access === "public") return "public";
  if (def.access === "signedIn") return "signedIn";
  const [action, subject] = def.access;
  const who: string[] = [];
  if (client.can(action, subject)) who.push("client");
  if (def.agent && buildAbility(AGENT_RULES).can(action, subject)) who.push("agent");
  if (admin.can(action, subject)) who.push("admin");
  return who.join("+") as Audience;
}

type Expected = "pass" | 401 | 403;

type Role = "client" | "support" | "support desk" | "admin";

function expectedFor(def: RouteDef, who: Who, abilities: Record<Role, AppAbility>): Expected {
  if (def.access === "public") return "pass";
  if (who === "anonymous") return 401;
  if (who === "agent") return def.agent && def.access !== "signedIn" ? "pass" : 403;
  if (def.access === "signedIn") return "pass";
  const [action, subject] = def.access;
  const role = who === "another client" ? "client" : who;
  return abilities[role].can(action, subject) ? "pass" : 403;
}

describe("permission matrix over the route table", () => {
  const users = {} as Record<Exclude<Who, "anonymous" | "agent">, Principal>;
  const abilities = {} as Record<Role, AppAbility>;
  let bearer = "";

  beforeAll(async () => {
    await ensureSupportRole();
    users.client = await insertUser("client", { quota: 5 });
    users["another client"] = await insertUser("client", { quota: 5 });
    users.support = await insertUser(SUPPORT_ROLE);
    users["support desk"] = await insertUser(SUPPORT_DESK_ROLE);
    users.admin = await insertUser("admin");
    abilities.client = await abilityOfRole("client", users.client.userId);
    abilities.support = await abilityOfRole(SUPPORT_ROLE, users.support.userId);
    abilities["support desk"] = await abilityOfRole(SUPPORT_DESK_ROLE, users["support desk"].userId);
    abilities.admin = await abilityOfRole("admin", users.admin.userId);
    bearer = await agentKey();
  });

  it("lists every call of the route table in the access table, and nothing else", () => {
    const declared = routes.map((r) => r.name).sort();
    const listed = Object.keys(ACCESS_TABLE).sort();
    expect(
      declared.filter((n) => !(n in ACCESS_TABLE)),
      "calls missing from tests/worker/access-table.ts",
    ).toEqual([]);
    expect(
      listed.filter((n) => !declared.includes(n)),
      "calls in the access table that the route table lacks",
    ).toEqual([]);
  });

  it("declares for every call the audience the access table intends", () => {
    const drift = routes
      .filter((def) => def.name in ACCESS_TABLE)
      .map((def) => ({ call: def.name, declared: declaredAudience(def, abilities.client, abilities.admin) }))
      .filter((d) => d.declared !== ACCESS_TABLE[d.call]);
    expect(drift.map((d) => `${d.call}: declared ${d.declared}, intended ${ACCESS_TABLE[d.call]}`)).toEqual([]);
  });

  it("agrees with the served OpenAPI document on every call's access (x-access, x-agent)", async () => {
    const openapi = (await (await directFetch(`${BASE}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    const documented = Object.entries(openapi.paths).flatMap(([path, item]) => {
      if (!("post" in item)) return [];
      const { "x-access": access, "x-agent": agent } = item.post as { "x-access": unknown; "x-agent"?: boolean };
      const declared =
        typeof access === "string" ? access : [(access as { action: string }).action, (access as { subject: string }).subject];
      return [{ call: path.slice("/api/".length), def: { access: declared, agent } as Pick<RouteDef, "access" | "agent"> }];
    });
    expect(documented.map((d) => d.call).sort()).toEqual(Object.keys(ACCESS_TABLE).sort());
    const drift = documented
      .map((d) => ({ call: d.call, documented: declaredAudience(d.def, abilities.client, abilities.admin) }))
      .filter((d) => d.documented !== ACCESS_TABLE[d.call]);
    expect(drift.map((d) => `${d.call}: documented ${d.documented}, intended ${ACCESS_TABLE[d.call]}`)).toEqual([]);
  });

  it("gives the read-only role no call that changes anything it may not change", () => {
    // `read all` must never open a non-read call: an admin-only write stays refused.
    const writes = routes.filter((d) => Array.isArray(d.access) && d.access[0] !== "read");
    for (const def of writes) expect(expectedFor(def, "support", abilities), def.name).toBe(403);
  });

  it("gives the support desk every ticket and reads of users, payments and jobs, nothing else", () => {
    const desk = abilities["support desk"];
    expect(["manage", "read", "update", "create"].every((action) => desk.can(action as "manage", "Ticket"))).toBe(true);
    for (const subject of ["User", "Payment", "History"] as const) {
      expect(desk.can("read", subject), subject).toBe(true);
      expect(desk.can("update", subject), subject).toBe(false);
    }
    const opened = routes.filter((d) => Array.isArray(d.access) && expectedFor(d, "support desk", abilities) === "pass");
    const subjects = new Set(opened.map((d) => `${d.access[0] === "read" ? "read" : "write"} ${d.access[1]}`));
    expect(
      [...subjects].filter((s) => !["read User", "read Payment", "read History"].includes(s) && !s.endsWith(" Ticket")),
    ).toEqual([]);
  });

  for (const def of routes) {
    it(`${def.name} answers each principal as declared`, async () => {
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const who of PRINCIPALS) {
        // Fresh sessions per call: logout or change-password may end the one they ran with.
        const opts =
          who === "anonymous"
            ? {}
            : who === "agent"
              ? { bearer }
              : { cookie: await sessionCookie(users[who].userId), ip: `198.51.100.${PRINCIPALS.indexOf(who) + 1}` };
        const res = await call(def.name, {}, opts);
        const expected = expectedFor(def, who, abilities);
        let got: string = String(res.status);
        if (res.status >= 500) got = `${res.status} (server error)`;
        else if (expected === "pass" && res.status !== 401 && res.status !== 403) got = "pass";
        else if (expected === "pass" && def.name in AUTH_BY_BODY && res.status === 401) got = "pass";
        if (res.status >= 400 && res.status < 500) {
          expect(res.body, `${def.name} as ${who}: error shape`).toMatchObject({
            error: expect.any(String),
            code: expect.any(String),
          });
        }
        seen.push(`${who}: ${got}`);
        wanted.push(`${who}: ${expected}`);
      }
      expect(seen).toEqual(wanted);
    });
  }
});
