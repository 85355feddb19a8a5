import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createAdmin, createUser, type TestUser } from "./helpers";

/** updateuser on oneself with userPW, as docs/API.md says: accepted with the current password, as change-password. */

const sessions = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1").bind(userId).first<{ n: number }>())!.n;

const hashOf = async (userId: number) =>
  (await env.DB.prepare("SELECT passwordHash FROM users WHERE userId = ?1").bind(userId).first<{ passwordHash: string }>())!
    .passwordHash;

const ownForm = (user: TestUser, extra: Record<string, string>) => ({
  userId: String(user.userId),
  userName: "Test User",
  userEmail: user.email,
  ...extra,
});

describe("updateuser with one's own userPW", () => {
  it("needs the current password: without it or wrong, 400 on currentPassword and nothing changes", async () => {
    const client = await createUser();
    const hash = await hashOf(client.userId);
    const missing = await callForm("updateuser", ownForm(client, { userPW: "brand-new-pass-1" }), { cookie: client.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'The field "currentPassword" is required.',
      code: "required",
      field: "currentPassword",
    });
    const wrong = await callForm(
      "updateuser",
      ownForm(client, { userPW: "brand-new-pass-1", currentPassword: "not-my-password" }),
      {
        cookie: client.cookie,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "wrong_password", field: "currentPassword" });
    expect(await hashOf(client.userId)).toBe(hash);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(200);
    expect((await call("login", { email: client.email, password: "brand-new-pass-1" })).status).toBe(401);
  });

  it("with it: sets the password, ends the other sessions, gives this browser a fresh one and writes an audit row", async () => {
    const client = await createUser({ password: "first-password-1" });
    const elsewhere = (await call("login", { email: client.email, password: "first-password-1" })).cookie!;
    expect(await sessions(client.userId)).toBe(2);
    const res = await callForm(
      "updateuser",
      ownForm(client, { userName: "Renamed Too", userPW: "second-password-2", currentPassword: "first-password-1" }),
      { cookie: client.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.userName).toBe("Renamed Too");
    expect(res.cookie).toMatch(/^sid=.+/);
    expect(res.cookie).not.toBe(client.cookie);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
    expect((await call("me", {}, { cookie: elsewhere })).status).toBe(401);
    expect((await call("me", {}, { cookie: res.cookie! })).status).toBe(200);
    expect(await sessions(client.userId)).toBe(1);
    expect((await call("login", { email: client.email, password: "first-password-1" })).status).toBe(401);
    expect((await call("login", { email: client.email, password: "second-password-2" })).status).toBe(200);
    const audit = await env.DB.prepare(
      "SELECT actorId, detail FROM audit_log WHERE action = 'update-user' AND subjectId = ?1 ORDER BY auditId DESC LIMIT 1",
    )
      .bind(String(client.userId))
      .first<{ actorId: number; detail: string }>();
    expect(audit!.actorId).toBe(client.userId);
    expect(JSON.parse(audit!.detail)).toMatchObject({ passwordChanged: true });
    expect(audit!.detail).not.toContain("second-password-2");
    expect(audit!.detail).not.toContain("first-password-1");
  });

  it("holds for admins on themselves, but not when they set someone else's password", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const own = await callForm(
      "updateuser",
      { userId: String(admin.userId), userName: "Test Admin", userEmail: admin.email, userPW: "admin-new-pass-1" },
      { cookie: admin.cookie },
    );
    expect(own.status).toBe(400);
    expect(own.body.field).toBe("currentPassword");
    const other = await callForm("updateuser", ownForm(client, { userPW: "set-by-admin-1" }), { cookie: admin.cookie });
    expect(other.status).toBe(200);
    expect(other.cookie).toBeNull();
    expect((await call("me", {}, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("login", { email: client.email, password: "set-by-admin-1" })).status).toBe(200);
  });

  it("ignores currentPassword when no new password is sent", async () => {
    const client = await createUser();
    const res = await callForm("updateuser", ownForm(client, { userPhone: "555", currentPassword: "anything" }), {
      cookie: client.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.cookie).toBeNull();
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(200);
  });
});
