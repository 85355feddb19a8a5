import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentTotp } from "../../worker/src/auth/totp";
import { call, createUser, uniqueEmail } from "./helpers";

/** The token in the newest mail to an address (mails are the only way tokens leave the server). */
async function tokenFromMail(to: string, kind: string): Promise<string> {
  const mail = await env.DB.prepare(
    "SELECT mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = ?2 ORDER BY mailId DESC LIMIT 1",
  )
    .bind(to, kind)
    .first<{ mailBody: string }>();
  const token = mail?.mailBody.match(/token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} mail to ${to}`);
  return decodeURIComponent(token);
}

describe("register and verify-email", () => {
  it("registers a client with quota 0, signs them in and queues a verification mail", async () => {
    const email = uniqueEmail("new");
    const res = await call("register", { userName: "Nadia", userEmail: email, password: "long enough pw" });
    expect(res.status).toBe(200);
    expect(res.cookie).toMatch(/^sid=/);
    expect(res.body.userData).toMatchObject({ userEmail: email, role: "client", userQuota: 0, emailVerified: false });
    const token = await tokenFromMail(email, "verify-email");
    expect((await call("verify-email", { token })).status).toBe(200);
    expect((await call("me", {}, { cookie: res.cookie! })).body.userData.emailVerified).toBe(true);
    expect((await call("verify-email", { token })).status).toBe(400);
  });

  it("refuses a duplicate email with 409, whatever its case", async () => {
    const user = await createUser();
    const res = await call("register", { userName: "Copy", userEmail: user.email.toUpperCase(), password: "long enough pw" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "email_taken", field: "userEmail" });
  });

  it("answers every one of many concurrent registers: 200 each, and 409 to all but one of the same email", async () => {
    const distinct = Array.from({ length: 12 }, (_, i) =>
      call("register", { userName: `Burst ${i}`, userEmail: uniqueEmail("burst"), password: "long enough pw" }),
    );
    const same = uniqueEmail("same");
    const twins = Array.from({ length: 6 }, () =>
      call("register", { userName: "Twin", userEmail: same, password: "long enough pw" }),
    );
    const answers = await Promise.all([...distinct, ...twins]);
    expect(answers.slice(0, 12).map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(
      answers
        .slice(12)
        .map((a) => [a.status, a.body.code ?? null])
        .sort(),
    ).toEqual([[200, null], ...Array(5).fill([409, "email_taken"])]);
    // Eighteen password hashes at once (PBKDF2, 100,000 rounds each): seconds of CPU on a loaded machine.
  }, 30_000);

  it("refuses a short password and a bad email with 400", async () => {
    expect((await call("register", { userName: "A", userEmail: uniqueEmail(), password: "short" })).status).toBe(400);
    expect((await call("register", { userName: "A", userEmail: "not-an-email", password: "long enough pw" })).body.field).toBe(
      "userEmail",
    );
  });
});

describe("forgot-password and reset-password", () => {
  it("answers the same for a known and an unknown email and mails only the known one", async () => {
    const user = await createUser();
    const known = await call("forgot-password", { email: user.email });
    const unknown = await call("forgot-password", { email: uniqueEmail("ghost") });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await tokenFromMail(user.email, "reset-password")).toBeTruthy();
  });

  it("mails no more than three reset links an hour, even when asked for ten at once", async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("forgot-password", { email: user.email })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE toEmail = ?1 AND mailKind = 'reset-password'")
      .bind(user.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(3);
  });

  it("resets once with a valid token and ends every session", async () => {
    const user = await createUser();
    await call("forgot-password", { email: user.email });
    const token = await tokenFromMail(user.email, "reset-password");
    expect((await call("reset-password", { token, password: "a brand new password" })).status).toBe(200);
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
    expect((await call("reset-password", { token, password: "another new password" })).status).toBe(400);
    expect((await call("login", { email: user.email, password: "a brand new password" })).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const user = await createUser();
    await call("forgot-password", { email: user.email });
    const token = await tokenFromMail(user.email, "reset-password");
    await env.DB.prepare("UPDATE auth_tokens SET expiresAt = 0 WHERE userId = ?1").bind(user.userId).run();
    expect((await call("reset-password", { token, password: "a brand new password" })).body.code).toBe("invalid_token");
  });
});

describe("change-password", () => {
  it("needs the current password, ends other sessions and keeps this browser signed in", async () => {
    const user = await createUser();
    const other = await call("login", { email: user.email, password: user.password });
    const wrong = await call(
      "change-password",
      { currentPassword: "nope", newPassword: "new password 123" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("currentPassword");
    const ok = await call(
      "change-password",
      { currentPassword: user.password, newPassword: "new password 123" },
      { cookie: user.cookie },
    );
    expect(ok.status).toBe(200);
    expect((await call("me", {}, { cookie: other.cookie! })).status).toBe(401);
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
    expect((await call("me", {}, { cookie: ok.cookie! })).status).toBe(200);
  });
});

describe("two-factor sign-in", () => {
  async function enableTwoFactor(cookie: string): Promise<string> {
    const setup = await call("two-factor-setup", {}, { cookie });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await call("two-factor-enable", { code: "000000" }, { cookie });
    expect(wrong.status).toBe(400);
    expect((await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie })).status).toBe(200);
    return setup.body.secret as string;
  }

  it("stores the TOTP secret encrypted", async () => {
    const user = await createUser();
    const secret = await enableTwoFactor(user.cookie);
    const row = await env.DB.prepare("SELECT twoFactorSecret FROM users WHERE userId = ?1")
      .bind(user.userId)
      .first<{ twoFactorSecret: string }>();
    expect(row!.twoFactorSecret).not.toContain(secret);
    expect(JSON.parse(row!.twoFactorSecret)).toHaveProperty("kid");
  });

  it("asks for a code after the password, then signs in with a valid code once", async () => {
    const user = await createUser();
    const secret = await enableTwoFactor(user.cookie);
    const first = await call("login", { email: user.email, password: user.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.cookie).toBeNull();
    const wrong = await call("two-steps", { challenge: first.body.challenge, code: "123456" });
    expect(wrong.status).toBe(401);
    // The enabling code's time step is used up: sign in with the next step's code (accepted as drift).
    const next = currentTotp(secret, Date.now() + 30_000);
    const ok = await call("two-steps", { challenge: first.body.challenge, code: next });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toMatch(/^sid=/);
    const replay = await call("two-steps", { challenge: first.body.challenge, code: next });
    expect(replay.status).toBe(401);
  });

  it("gives up a challenge after five wrong codes", async () => {
    const user = await createUser();
    const secret = await enableTwoFactor(user.cookie);
    const { body } = await call("login", { email: user.email, password: user.password });
    for (let i = 0; i < 5; i++) await call("two-steps", { challenge: body.challenge, code: "000001" });
    expect((await call("two-steps", { challenge: body.challenge, code: currentTotp(secret) })).status).toBe(429);
  });

  it("turns off only with the password", async () => {
    const user = await createUser();
    await enableTwoFactor(user.cookie);
    expect((await call("two-factor-disable", { password: "wrong" }, { cookie: user.cookie })).status).toBe(400);
    expect((await call("two-factor-disable", { password: user.password }, { cookie: user.cookie })).status).toBe(200);
    expect((await call("login", { email: user.email, password: user.password })).cookie).toMatch(/^sid=/);
  });
});

describe("sessions", () => {
  it("lists own sessions and revokes one; another user's session is not found", async () => {
    const user = await createUser();
    const second = await call("login", { email: user.email, password: user.password });
    const list = await call("search-session", {}, { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const otherSession = list.body.data.find((s: { current: boolean }) => !s.current);
    const stranger = await createUser();
    expect((await call("revoke-session", { sessionId: otherSession.sessionId }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("revoke-session", { sessionId: otherSession.sessionId }, { cookie: user.cookie })).status).toBe(200);
    expect((await call("me", {}, { cookie: second.cookie! })).status).toBe(401);
  });

  it("expires a session idle past its timeout", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE sessions SET lastSeenAt = lastSeenAt - 90000 WHERE userId = ?1").bind(user.userId).run();
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
  });

  it("rotates the session at login: the old token dies", async () => {
    const user = await createUser();
    const again = await call("login", { email: user.email, password: user.password }, { cookie: user.cookie });
    expect(again.cookie).not.toBe(user.cookie);
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
  });
});
