import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seal } from "../../worker/src/auth/secretbox";
import { currentTotp, newTotpSecret } from "../../worker/src/auth/totp";
import { call, createUser } from "./helpers";

const STEP_MS = 30_000;
const CODE_USED = {
  error: "This code has already been used. Wait for the next code and enter it.",
  code: "code_used",
  field: "code",
};

/** A client with two-factor sign-in on (secret stored sealed, as two-factor-setup stores it). */
async function twoFactorUser() {
  const user = await createUser();
  const secret = newTotpSecret();
  await env.DB.prepare("UPDATE users SET twoFactorEnabled = 1, twoFactorSecret = ?2 WHERE userId = ?1")
    .bind(user.userId, await seal(secret, env.VENDOR_SECRET_KEYS))
    .run();
  return { ...user, secret };
}

async function challenge(user: { email: string; password: string }): Promise<string> {
  const res = await call("login", { email: user.email, password: user.password });
  expect(res.body.twoFactorRequired).toBe(true);
  return res.body.challenge as string;
}

const sessionCount = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1").bind(userId).first<{ n: number }>())!.n;

const lastStep = async (userId: number) =>
  (await env.DB.prepare("SELECT totpLastStep AS s FROM users WHERE userId = ?1").bind(userId).first<{ s: number }>())!.s;

describe("two-steps: a TOTP code signs in once", () => {
  it("refuses the same code on a second sign-in, without a session, and keeps that challenge usable", async () => {
    const user = await twoFactorUser();
    const code = currentTotp(user.secret);
    const first = await call("two-steps", { challenge: await challenge(user), code });
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^sid=/);
    const sessions = await sessionCount(user.userId);
    expect(await lastStep(user.userId)).toBe(Math.floor(Date.now() / STEP_MS));

    const second = await challenge(user);
    const replay = await call("two-steps", { challenge: second, code });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(CODE_USED);
    expect(replay.cookie).toBeNull();
    expect(await sessionCount(user.userId)).toBe(sessions);
    // The refusal rolled its batch back: the challenge was not spent, the next code still signs in.
    const next = await call("two-steps", { challenge: second, code: currentTotp(user.secret, Date.now() + STEP_MS) });
    expect(next.status).toBe(200);
    expect(await sessionCount(user.userId)).toBe(sessions + 1);
  });

  it("refuses an older code, still inside the drift window, once a later one was accepted", async () => {
    const user = await twoFactorUser();
    const later = currentTotp(user.secret, Date.now() + STEP_MS);
    expect((await call("two-steps", { challenge: await challenge(user), code: later })).status).toBe(200);
    const older = await call("two-steps", { challenge: await challenge(user), code: currentTotp(user.secret) });
    expect(older.status).toBe(401);
    expect(older.body.code).toBe("code_used");
  });

  it("lets exactly one of two concurrent submissions of the same code through (two challenges)", async () => {
    const user = await twoFactorUser();
    const before = await sessionCount(user.userId);
    const [a, b] = [await challenge(user), await challenge(user)];
    const code = currentTotp(user.secret);
    const answers = await Promise.all([call("two-steps", { challenge: a, code }), call("two-steps", { challenge: b, code })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.filter((r) => r.cookie).length).toBe(1);
    expect(answers.find((r) => r.status === 401)!.body).toEqual(CODE_USED);
    expect(await sessionCount(user.userId)).toBe(before + 1);
  });

  it("lets exactly one of two concurrent submissions of one challenge through", async () => {
    const user = await twoFactorUser();
    const before = await sessionCount(user.userId);
    const only = await challenge(user);
    const code = currentTotp(user.secret);
    const answers = await Promise.all([
      call("two-steps", { challenge: only, code }),
      call("two-steps", { challenge: only, code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(await sessionCount(user.userId)).toBe(before + 1);
  });
});

describe("two-factor-enable: the confirming code is used up too", () => {
  it("turns 2FA on once under concurrent codes, and that code cannot then sign in", async () => {
    const user = await createUser();
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    const code = currentTotp(setup.body.secret);
    const answers = await Promise.all([
      call("two-factor-enable", { code }, { cookie: user.cookie }),
      call("two-factor-enable", { code }, { cookie: user.cookie }),
    ]);
    // The loser either finds 2FA already on (409) or its code's step taken (400): never a second enable.
    expect(answers.filter((r) => r.status === 200).length).toBe(1);
    const loser = answers.find((r) => r.status !== 200)!;
    expect([{ error: "Two-factor authentication is already on.", code: "two_factor_on" }, CODE_USED]).toContainEqual(loser.body);
    const audits = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'two-factor-enable' AND subjectId = ?1",
    )
      .bind(String(user.userId))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
    const reused = await call("two-steps", { challenge: await challenge(user), code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("code_used");
  });

  it("refuses to enable with a code whose step was already accepted, and changes nothing", async () => {
    const user = await createUser();
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    const step = Math.floor(Date.now() / STEP_MS) + 1;
    await env.DB.prepare("UPDATE users SET totpLastStep = ?2 WHERE userId = ?1").bind(user.userId, step).run();
    const refused = await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(CODE_USED);
    const row = await env.DB.prepare("SELECT twoFactorEnabled, totpLastStep FROM users WHERE userId = ?1")
      .bind(user.userId)
      .first<{ twoFactorEnabled: number; totpLastStep: number }>();
    expect(row).toEqual({ twoFactorEnabled: 0, totpLastStep: step });
  });

  it("starts a fresh sequence with a new secret: set-up resets the last accepted step", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET totpLastStep = ?2 WHERE userId = ?1")
      .bind(user.userId, Math.floor(Date.now() / STEP_MS) + 5)
      .run();
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    expect(await lastStep(user.userId)).toBe(0);
    const ok = await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie });
    expect(ok.status).toBe(200);
  });
});
