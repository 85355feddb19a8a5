import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, countRows, createAdmin, createUser, uniqueEmail, type TestUser } from "./helpers";

/** A 1×1 PNG: real image bytes for the avatar upload. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

/** A signed-in user of a new custom role with these [action, subject] rules. */
async function customRoleUser(rules: [string, string][]): Promise<TestUser> {
  const name = `custom-${Math.random().toString(36).slice(2, 8)}`;
  const role = await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1) RETURNING roleId")
    .bind(name)
    .first<{ roleId: number }>();
  for (const [action, subject] of rules) {
    await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, ?2, ?3)")
      .bind(role!.roleId, action, subject)
      .run();
  }
  return createUser({ role: name });
}

/** A custom role that may read everything and change nothing. */
const readOnlyUser = () => customRoleUser([["read", "all"]]);

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
    // The total leaves the deleted user out too, with and without another filter.
    expect((await call("searchuser", { search: tag }, { cookie: admin.cookie })).body.total).toBe(2);
    expect((await call("searchuser", { search: tag, selectedRole: "client" }, { cookie: admin.cookie })).body.total).toBe(2);
  });

  it("rejects bad paging with 400", async () => {
    const admin = await createAdmin();
    const res = await call("searchuser", { limit: 1000 }, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("limit");
  });
});

describe("updateuser", () => {
  it("lets an admin create a user with an avatar and answers message, user and newImage", async () => {
    const admin = await createAdmin();
    const email = uniqueEmail("made");
    const before = await countRows("audit_log");
    const res = await callForm(
      "updateuser",
      {
        userId: "0",
        userName: "New Person",
        userEmail: email,
        userPW: "a-strong-password",
        userRole: "client",
        userIsActive: "true",
        userPhone: "+33 1 23",
        userImageNew: new File([PNG], "me.png", { type: "image/png" }),
      },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(res.body.user).toMatchObject({ userName: "New Person", userEmail: email, userRole: "client", userIsActive: true });
    expect(res.body.newImage).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);
    expect(res.body.user.userImage).toBe(res.body.newImage);
    expect(await countRows("audit_log")).toBe(before + 1);
    const audit = await env.DB.prepare("SELECT subjectId, detail FROM audit_log ORDER BY auditId DESC LIMIT 1").first<{
      subjectId: string;
      detail: string;
    }>();
    expect(audit!.subjectId).toBe(String(res.body.user.userId));
    expect(audit!.detail).not.toContain("a-strong-password");
    const login = await call("login", { email, password: "a-strong-password" });
    expect(login.status).toBe(200);
  });

  it("requires a password for a new user, a known role and a free email, and changes nothing otherwise", async () => {
    const admin = await createAdmin();
    const other = await createUser();
    const users = await countRows("users");
    const noPw = await callForm("updateuser", { userId: "0", userName: "A", userEmail: uniqueEmail() }, { cookie: admin.cookie });
    expect(noPw.status).toBe(400);
    expect(noPw.body).toMatchObject({ field: "userPW", error: 'The field "userPW" is required.' });
    const badRole = await callForm(
      "updateuser",
      { userId: "0", userName: "A", userEmail: uniqueEmail(), userPW: "long-enough-1", userRole: "wizard" },
      { cookie: admin.cookie },
    );
    expect(badRole.status).toBe(400);
    expect(badRole.body.field).toBe("userRole");
    const dup = await callForm(
      "updateuser",
      { userId: "0", userName: "A", userEmail: other.email, userPW: "long-enough-1" },
      { cookie: admin.cookie },
    );
    expect(dup.status).toBe(409);
    const noName = await callForm("updateuser", { userId: "0", userEmail: uniqueEmail(), userPW: "x" }, { cookie: admin.cookie });
    expect(noName.body.error).toBe('The field "userName" is required.');
    const badImage = await callForm(
      "updateuser",
      {
        userId: "0",
        userName: "A",
        userEmail: uniqueEmail(),
        userPW: "long-enough-1",
        userImageNew: new File(["not an image"], "x.png"),
      },
      { cookie: admin.cookie },
    );
    expect(badImage.status).toBe(415);
    expect(await countRows("users")).toBe(users);
  });

  it("lets a client edit their own name and phone, but not their role, status or quota, nor anyone else", async () => {
    const client = await createUser();
    const other = await createUser();
    const self = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Renamed", userEmail: client.email, userPhone: "555" },
      { cookie: client.cookie },
    );
    expect(self.status).toBe(200);
    expect(self.body.user).toMatchObject({ userName: "Renamed", userPhone: "555", userRole: "client" });
    for (const extra of [{ userRole: "admin" }, { userIsActive: "true" }, { userQuota: "1000" }] as Record<string, string>[]) {
      const raise = await callForm(
        "updateuser",
        { userId: String(client.userId), userName: "Renamed", userEmail: client.email, ...extra },
        { cookie: client.cookie },
      );
      expect(raise.status).toBe(403);
    }
    const ownPassword = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Renamed", userEmail: client.email, userPW: "taken-over-1" },
      { cookie: client.cookie },
    );
    // One's own new password needs the current one (own-password.test.ts).
    expect(ownPassword.status).toBe(400);
    expect(ownPassword.body).toMatchObject({ code: "required", field: "currentPassword" });
    expect((await call("login", { email: client.email, password: "taken-over-1" })).status).toBe(401);
    const idor = await callForm(
      "updateuser",
      { userId: String(other.userId), userName: "Owned", userEmail: other.email, userPW: "new-password-9" },
      { cookie: client.cookie },
    );
    expect(idor.status).toBe(403);
    const created = await callForm(
      "updateuser",
      { userId: "0", userName: "Sock", userEmail: uniqueEmail(), userPW: "new-password-9" },
      { cookie: client.cookie },
    );
    expect(created.status).toBe(403);
    const row = await userRow(client.userId);
    expect(row).toMatchObject({ userRole: "client", userQuota: 0 });
    expect((await userRow(other.userId))!.userName).toBe("Test User");
  });

  it("ends a user's sessions when an admin deactivates them", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    expect(await sessionCount(client.userId)).toBe(1);
    const res = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Test User", userEmail: client.email, userIsActive: "false" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.userIsActive).toBe(false);
    expect(await sessionCount(client.userId)).toBe(0);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
  });

  it("never lets an admin demote or deactivate themself, nor the last active admin lose the role", async () => {
    const admin = await createAdmin();
    for (const change of [{ userRole: "client" }, { userIsActive: "false" }] as Record<string, string>[]) {
      const res = await callForm(
        "updateuser",
        { userId: String(admin.userId), userName: "Test Admin", userEmail: admin.email, ...change },
        { cookie: admin.cookie },
      );
      expect(res.status).toBe(409);
    }
    expect((await call("deleteuser", { userId: admin.userId }, { cookie: admin.cookie })).status).toBe(409);
    expect(await userRow(admin.userId)).toMatchObject({ userRole: "admin", userIsActive: 1, deletedAt: null });
  });

  it("keeps the last active admin whoever manages users", async () => {
    const manager = await customRoleUser([["manage", "User"]]);
    const last = await createAdmin();
    // Make `last` the only active admin of this test's database.
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userRole = 'admin' AND userId <> ?1").bind(last.userId).run();
    const edit = (change: Record<string, string>) =>
      callForm(
        "updateuser",
        { userId: String(last.userId), userName: "Test Admin", userEmail: last.email, ...change },
        { cookie: manager.cookie },
      );
    for (const change of [{ userRole: "client" }, { userIsActive: "false" }] as Record<string, string>[]) {
      const res = await edit(change);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("last_admin");
    }
    const del = await call("deleteuser", { userId: last.userId }, { cookie: manager.cookie });
    expect(del.status).toBe(409);
    expect(await userRow(last.userId)).toMatchObject({ userRole: "admin", userIsActive: 1, deletedAt: null });
    expect(await sessionCount(last.userId)).toBe(1);
    // With a second active admin, the first may be demoted.
    await createAdmin();
    expect((await edit({ userRole: "client" })).status).toBe(200);
  });
});

describe("deleteuser", () => {
  it("soft-deletes: frees the email, ends sessions, removes carts and tokens, keeps payments, ledger and history", async () => {
    const admin = await createAdmin();
    const client = await createUser({ quota: 10 });
    const id = client.userId;
    await env.DB.prepare("INSERT INTO carts (userId, kind, refId, qty) VALUES (?1, 'bundle', 1, 1)").bind(id).run();
    await env.DB.prepare("INSERT INTO auth_tokens (tokenHash, userId, purpose, expiresAt) VALUES (?1, ?2, 'reset', 9999999999)")
      .bind(`hash-${id}`, id)
      .run();
    await env.DB.prepare(
      `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, expiresAt, paidAt)
       VALUES (?1, ?2, 500, 'USD', 'paid', '[]', '2030-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    )
      .bind(`ref-${id}-abcdefghijklmnopqrstuvwxyz`, id)
      .run();
    await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref) VALUES (?1, 10, 'grant', ?2)")
      .bind(id, `g-${id}`)
      .run();
    await env.DB.prepare(
      "INSERT INTO history (uniqueId, userId, siteName, fileName, fileKey, pointsSpent, status, similarity) VALUES (?1, ?2, 's', 'f.pdf', 'k', 1, 1, 5)",
    )
      .bind(`u-${id}-abcdefghijklmnopqrstuvwxyz`, id)
      .run();
    const res = await call("deleteuser", { userId: id }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    const row = await userRow(id);
    expect(row).toMatchObject({ userIsActive: 0, userEmail: `deleted-${id}@deleted.invalid` });
    expect(row!.deletedAt).toBeTruthy();
    expect(await sessionCount(id)).toBe(0);
    for (const table of ["carts", "auth_tokens"]) {
      const left = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE userId = ?1`).bind(id).first<{ n: number }>();
      expect(left!.n, table).toBe(0);
    }
    for (const table of ["payments", "quota_ledger", "history"]) {
      const kept = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE userId = ?1`).bind(id).first<{ n: number }>();
      expect(kept!.n, table).toBe(1);
    }
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
    // The address is free again, and the deleted user is gone from every user call.
    expect((await call("register", { userName: "Again", userEmail: client.email, password: "another-pass-1" })).status).toBe(200);
    expect((await call("deleteuser", { userId: id }, { cookie: admin.cookie })).status).toBe(404);
    expect((await call("adjust-quota", { userId: id, delta: 1, reason: "x" }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("never deletes the caller and answers 404 for unknown users", async () => {
    const admin = await createAdmin();
    const self = await call("deleteuser", { userId: admin.userId }, { cookie: admin.cookie });
    expect(self.status).toBe(409);
    expect((await userRow(admin.userId))!.deletedAt).toBeNull();
    expect((await call("deleteuser", { userId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
    expect((await call("deleteuser", { userId: "abc" }, { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("adjust-quota and reset-two-factor", () => {
  it("adds a ledger row and an audit row with the balance change, and refuses to go below zero", async () => {
    const admin = await createAdmin();
    const client = await createUser({ quota: 5 });
    const ledger = await countRows("quota_ledger");
    const up = await call("adjust-quota", { userId: client.userId, delta: 20, reason: "Goodwill" }, { cookie: admin.cookie });
    expect(up.status).toBe(200);
    expect(up.body.userQuota).toBe(25);
    const row = await env.DB.prepare("SELECT delta, reason, note, actorId FROM quota_ledger WHERE userId = ?1")
      .bind(client.userId)
      .first();
    expect(row).toEqual({ delta: 20, reason: "adjust", note: "Goodwill", actorId: admin.userId });
    const audits = await countRows("audit_log");
    const below = await call("adjust-quota", { userId: client.userId, delta: -26, reason: "Oops" }, { cookie: admin.cookie });
    expect(below.status).toBe(409);
    expect(await countRows("quota_ledger")).toBe(ledger + 1);
    expect(await countRows("audit_log")).toBe(audits);
    expect((await userRow(client.userId))!.userQuota).toBe(25);
    const down = await call("adjust-quota", { userId: client.userId, delta: -25, reason: "Refund" }, { cookie: admin.cookie });
    expect(down.body.userQuota).toBe(0);
    for (const bad of [{ delta: 0 }, { delta: 10_000_000 }, { reason: "" }]) {
      const res = await call("adjust-quota", { userId: client.userId, delta: 1, reason: "r", ...bad }, { cookie: admin.cookie });
      expect(res.status).toBe(400);
    }
    expect(await countRows("quota_ledger")).toBe(ledger + 2);
  });

  it("resets a user's two-factor set-up", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    await env.DB.prepare("UPDATE users SET twoFactorEnabled = 1, twoFactorSecret = 'x' WHERE userId = ?1")
      .bind(client.userId)
      .run();
    const res = await call("reset-two-factor", { userId: client.userId }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await userRow(client.userId)).toMatchObject({ twoFactorEnabled: 0, twoFactorSecret: null });
  });
});

describe("sessions of another user", () => {
  it("lets an admin list and revoke a user's sessions; a client naming another user gets 404", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const other = await createUser();
    const listed = await call("search-session", { userId: client.userId }, { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    const sessionId = listed.body.data[0].sessionId;
    expect(listed.body.data[0]).not.toHaveProperty("tokenHash");
    const peek = await call("search-session", { userId: other.userId }, { cookie: client.cookie });
    expect(peek.status).toBe(404);
    const steal = await call("revoke-session", { sessionId, userId: client.userId }, { cookie: other.cookie });
    expect(steal.status).toBe(404);
    const direct = await call("revoke-session", { sessionId }, { cookie: other.cookie });
    expect(direct.status).toBe(404);
    expect(await sessionCount(client.userId)).toBe(1);
    const own = await call("search-session", {}, { cookie: client.cookie });
    expect(own.body.data[0]).toMatchObject({ sessionId, current: true });
    const revoked = await call("revoke-session", { sessionId, userId: client.userId }, { cookie: admin.cookie });
    expect(revoked.status).toBe(200);
    expect(await sessionCount(client.userId)).toBe(0);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
  });
});

describe("email changes", () => {
  it("marks a changed address unverified and queues a verification mail to it", async () => {
    const client = await createUser();
    await env.DB.prepare("UPDATE users SET emailVerified = 1 WHERE userId = ?1").bind(client.userId).run();
    const email = uniqueEmail("moved");
    const res = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Test User", userEmail: email },
      { cookie: client.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ userEmail: email, emailVerified: false });
    const mail = await env.DB.prepare("SELECT mailKind FROM outbox WHERE toEmail = ?1").bind(email).first<{ mailKind: string }>();
    expect(mail!.mailKind).toBe("verify-email");
  });

  it("writes the verification in the user's stored language when an admin changes the address", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(client.userId).run();
    const email = uniqueEmail("moved-fr");
    const res = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Test User", userEmail: email },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    const mail = await env.DB.prepare("SELECT mailSubject FROM outbox WHERE toEmail = ?1")
      .bind(email)
      .first<{ mailSubject: string }>();
    expect(mail!.mailSubject).toBe(`Confirmez votre adresse e-mail pour ${env.SITE_NAME}`);
  });
});
