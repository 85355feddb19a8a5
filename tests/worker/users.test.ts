import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, countRows, createAdmin, createUser, uniqueEmail, type TestUser } from "./helpers";

/** A 1×1 PNG: real image bytes for the avatar upload. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

/** A custom role that may read everything and change nothing, with one user signed in. */
async function readOnlyUser(): Promise<TestUser> {
  const name = `support-${Math.random().toString(36).slice(2, 8)}`;
  const role = await env.DB.prepare("INSERT INTO roles (roleName, roleDesc) VALUES (?1, 'read only') RETURNING roleId")
    .bind(name)
    .first<{ roleId: number }>();
  await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, 'read', 'all')").bind(role!.roleId).run();
  return createUser({ role: name });
}

async function userRow(userId: number) {
  return env.DB.prepare("SELECT * FROM users WHERE userId = ?1").bind(userId).first<Record<string, unknown>>();
}

async function sessionCount(userId: number) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1").bind(userId).first<{ n: number }>();
  return row!.n;
}

describe("who may call the user calls", () => {
  it("answers 401 to anonymous callers and 403 to clients on admin-only calls", async () => {
    const client = await createUser();
    const other = await createUser();
    for (const [name, body] of [
      ["searchuser", {}],
      ["deleteuser", { userId: other.userId }],
      ["adjust-quota", { userId: other.userId, delta: 5, reason: "gift" }],
      ["reset-two-factor", { userId: other.userId }],
    ] as const) {
      expect((await call(name, body)).status, name).toBe(401);
      const refused = await call(name, body, { cookie: client.cookie });
      expect(refused.status, name).toBe(403);
      expect(refused.body.code).toBe("missing_permission");
    }
    expect((await callForm("updateuser", { userId: String(other.userId), userName: "x", userEmail: other.email })).status).toBe(
      401,
    );
  });

  it("lets a custom read-only role list users but change nothing", async () => {
    const support = await readOnlyUser();
    const client = await createUser();
    const listed = await call("searchuser", { search: client.email }, { cookie: support.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((u: { userId: number }) => u.userId)).toEqual([client.userId]);
    const edit = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Hacked", userEmail: client.email },
      { cookie: support.cookie },
    );
    expect(edit.status).toBe(403);
    expect((await call("deleteuser", { userId: client.userId }, { cookie: support.cookie })).status).toBe(403);
    expect(
      (await call("adjust-quota", { userId: client.userId, delta: 5, reason: "x" }, { cookie: support.cookie })).status,
    ).toBe(403);
    expect((await userRow(client.userId))!.userName).toBe("Test User");
  });
});

describe("searchuser", () => {
  it("finds by name or email (short words too), filters by role, status and plan, and never lists deleted users", async () => {
    const admin = await createAdmin();
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await createUser({ name: `Zed ${tag} Alpha` });
    const b = await createUser({ name: `Zed ${tag} Beta`, active: false });
    const c = await createUser({ name: `Zed ${tag} Gamma` });
    const item = await env.DB.prepare(
      "INSERT INTO items (itemName, itemDesc, itemPrice, itemDuration) VALUES (?1, 'd', 100, 30) RETURNING itemId",
    )
      .bind(`Plan ${tag}`)
      .first<{ itemId: number }>();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', ?3, ?4)",
    )
      .bind(a.userId, item!.itemId, future, `t:${tag}:a`)
      .run();
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', ?3, ?4)",
    )
      .bind(c.userId, item!.itemId, past, `t:${tag}:c`)
      .run();
    const ids = async (body: object) => {
      const res = await call("searchuser", body, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return res.body.data.map((u: { userId: number }) => u.userId) as number[];
    };
    expect(await ids({ search: tag })).toEqual([c.userId, b.userId, a.userId]);
    expect(await ids({ search: a.email.slice(0, 2) })).toContain(a.userId);
    expect(await ids({ search: tag, selectedStatus: "inactive" })).toEqual([b.userId]);
    expect(await ids({ search: tag, selectedStatus: "1" })).toEqual([c.userId, a.userId]);
    expect(await ids({ search: tag, selectedPlan: item!.itemId })).toEqual([a.userId]);
    expect(await ids({ search: tag, selectedPlan: `Plan ${tag}` })).toEqual([a.userId]);
    expect(await ids({ search: tag, selectedRole: "admin" })).toEqual([]);
    const page = await call("searchuser", { search: tag, limit: 2, page: 2 }, { cookie: admin.cookie });
    expect(page.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.body.data).toHaveLength(1);
    const first = (await call("searchuser", { search: a.email }, { cookie: admin.cookie })).body.data[0];
    expect(first).toMatchObject({ userId: a.userId, userPlan: `Plan ${tag}`, userIsActive: true });
    expect(first).not.toHaveProperty("passwordHash");
    expect((await call("deleteuser", { userId: a.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await ids({ search: tag })).toEqual([c.userId, b.userId]);
  });

  it("rejects bad paging with 400", async () => {
    const admin = await createAdmin();
    const res = await call("searchuser", { limit: 1000 }, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("limit");
  });
});
