import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recoveryCodeHash } from "../../worker/src/auth/recovery-codes";
import { currentTotp } from "../../worker/src/auth/totp";
import { call, createAdmin, createUser, type CallResult, type TestUser } from "./helpers";

/**
 * Issue 44: a call that replaces or revokes a secret does it once under double clicks. Requests are fired
 * together (Promise.all): one wins, the others answer 409 (or 400 for a spent link), and whatever an answer
 * handed out (codes, a secret, a password) is what works afterwards.
 */

const statuses = (answers: CallResult[]) => answers.map((a) => a.status).sort();

const auditRows = async (action: string, subjectId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = ?1 AND subjectId = ?2")
    .bind(action, String(subjectId))
    .first<{ n: number }>())!.n;

async function withTwoFactor(): Promise<TestUser> {
  const user = await createUser();
  const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
  expect((await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie })).status).toBe(200);
  return user;
}

describe("secrets replaced once", () => {
  it("leaves one valid set of recovery codes when five regenerations race, and answers only that set", async () => {
    const user = await withTwoFactor();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call("two-factor-recovery-codes", { password: user.password }, { cookie: user.cookie })),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe("recovery_codes_changed");
    const answered: string[] = answers.find((a) => a.status === 200)!.body.recoveryCodes;
    const stored = await env.DB.prepare("SELECT codeHash FROM recovery_codes WHERE userId = ?1").bind(user.userId).all<{
      codeHash: string;
    }>();
    const answeredHashes = await Promise.all(answered.map((code) => recoveryCodeHash(env.SESSION_PEPPER, user.userId, code)));
    expect(stored.results.map((r) => r.codeHash).sort()).toEqual(answeredHashes.sort());
    expect(await auditRows("two-factor-recovery-codes", user.userId)).toBe(1);
    // One at a time, each regeneration still works.
    expect((await call("two-factor-recovery-codes", { password: user.password }, { cookie: user.cookie })).status).toBe(200);
  });

  it("revokes an API key once: 200 to one request, 409 already_revoked to the rest", async () => {
    const admin = await createAdmin();
    const created = await call("create-apikey", { keyName: "Raced" }, { cookie: admin.cookie });
    const { apiKeyId } = created.body.apiKey;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call("revoke-apikey", { apiKeyId }, { cookie: admin.cookie })),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe("already_revoked");
    expect(await auditRows("revoke-apikey", apiKeyId)).toBe(1);
  });

  it("changes the password once when three changes race, and the winner's password is the one that works", async () => {
    const user = await createUser();
    const answers = await Promise.all(
      ["first new password", "second new password", "third new password"].map((newPassword) =>
        call("change-password", { currentPassword: user.password, newPassword }, { cookie: user.cookie }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe("password_changed");
    const passwords = ["first new password", "second new password", "third new password"];
    for (const [i, password] of passwords.entries()) {
      expect((await call("login", { email: user.email, password }, { ip: "198.51.100.90" })).status).toBe(
        i === winner ? 200 : 401,
      );
    }
    // The winner's new session is the browser's: no later batch deleted it.
    expect((await call("me", {}, { cookie: answers[winner]!.cookie! })).status).toBe(200);
  });

  it("resets the password once when two reset links are used at the same moment", async () => {
    const user = await createUser();
    await call("forgot-password", { email: user.email });
    await call("forgot-password", { email: user.email });
    const mails = await env.DB.prepare("SELECT mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = 'reset-password'")
      .bind(user.email)
      .all<{ mailBody: string }>();
    const tokens = mails.results.map((m) => decodeURIComponent(m.mailBody.match(/token=([A-Za-z0-9_%-]+)/)![1]!));
    expect(tokens).toHaveLength(2);
    const passwords = ["reset password one", "reset password two"];
    const answers = await Promise.all(tokens.map((token, i) => call("reset-password", { token, password: passwords[i] })));
    expect(statuses(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe("invalid_token");
    const winner = answers.findIndex((a) => a.status === 200);
    for (const [i, password] of passwords.entries()) {
      expect((await call("login", { email: user.email, password }, { ip: "198.51.100.91" })).status).toBe(
        i === winner ? 200 : 401,
      );
    }
  });

  it("stores one two-factor secret when set-ups race, the one answered", async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 3 }, () => call("two-factor-setup", {}, { cookie: user.cookie })));
    expect(statuses(answers)).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe("two_factor_setup_changed");
    const { secret } = answers.find((a) => a.status === 200)!.body;
    expect((await call("two-factor-enable", { code: currentTotp(secret) }, { cookie: user.cookie })).status).toBe(200);
  });

  it("turns two-factor off once, by the user or an admin's reset", async () => {
    const user = await withTwoFactor();
    const offs = await Promise.all(
      Array.from({ length: 3 }, () => call("two-factor-disable", { password: user.password }, { cookie: user.cookie })),
    );
    expect(statuses(offs)).toEqual([200, 409, 409]);
    expect(await auditRows("two-factor-disable", user.userId)).toBe(1);

    const admin = await createAdmin();
    const other = await withTwoFactor();
    const resets = await Promise.all(
      Array.from({ length: 3 }, () => call("reset-two-factor", { userId: other.userId }, { cookie: admin.cookie })),
    );
    expect(statuses(resets)).toEqual([200, 409, 409]);
    for (const lost of resets.filter((a) => a.status === 409)) expect(lost.body.code).toBe("two_factor_off");
    expect(await auditRows("reset-two-factor", other.userId)).toBe(1);
  });
});
