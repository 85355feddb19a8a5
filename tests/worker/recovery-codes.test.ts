import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/src/auth/crypto";
import { currentTotp } from "../../worker/src/auth/totp";
import { call, createAdmin, createUser, type TestUser } from "./helpers";

const WRONG_RECOVERY_CODE = {
  error: "This recovery code is not valid or was already used.",
  code: "wrong_recovery_code",
  field: "recoveryCode",
};

/** A client who turned two-factor on through the API, with the codes enable answered. */
async function withTwoFactor(): Promise<TestUser & { secret: string; codes: string[] }> {
  const user = await createUser({ name: "Rana Codes" });
  const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
  const enabled = await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie });
  expect(enabled.status).toBe(200);
  return { ...user, secret: setup.body.secret, codes: enabled.body.recoveryCodes };
}

async function challenge(user: { email: string; password: string }): Promise<string> {
  const res = await call("login", { email: user.email, password: user.password });
  expect(res.body.twoFactorRequired).toBe(true);
  return res.body.challenge as string;
}

const storedHashes = async (userId: number) =>
  (
    await env.DB.prepare("SELECT codeHash FROM recovery_codes WHERE userId = ?1").bind(userId).all<{ codeHash: string }>()
  ).results.map((r) => r.codeHash);

const sessionCount = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1").bind(userId).first<{ n: number }>())!.n;

describe("two-factor recovery codes", () => {
  it("answers ten different codes when two-factor turns on, and stores only their keyed hashes", async () => {
    const user = await withTwoFactor();
    expect(user.codes).toHaveLength(10);
    expect(new Set(user.codes).size).toBe(10);
    for (const code of user.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const hashes = await storedHashes(user.userId);
    expect(hashes).toHaveLength(10);
    const plain = user.codes.flatMap((code) => [code, code.replace("-", "")]);
    const unkeyed = await Promise.all(plain.map((code) => sha256Hex(code)));
    for (const hash of hashes) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect([...plain, ...unkeyed]).not.toContain(hash);
    }
    const me = await call("me", {}, { cookie: user.cookie });
    expect(me.body.userData.recoveryCodesLeft).toBe(10);
  });

  it("signs in once with a code: a session, an audit row and a security notice; the second use is refused", async () => {
    const user = await withTwoFactor();
    const [code] = user.codes;
    const first = await call("two-steps", { challenge: await challenge(user), recoveryCode: code });
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^sid=/);
    expect(first.body.userData.recoveryCodesLeft).toBe(9);
    expect(await storedHashes(user.userId)).toHaveLength(9);
    const audit = await env.DB.prepare(
      "SELECT actorId, detail FROM audit_log WHERE action = 'two-factor-recovery-code' AND subjectId = ?1",
    )
      .bind(String(user.userId))
      .all<{ actorId: number; detail: string }>();
    expect(audit.results).toEqual([{ actorId: user.userId, detail: JSON.stringify({ left: 9 }) }]);
    const mail = await env.DB.prepare(
      "SELECT mailSubject, mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = 'security-notice'",
    )
      .bind(user.email)
      .all<{ mailSubject: string; mailBody: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.mailSubject).toContain("a recovery code was used to sign in");
    expect(mail.results[0]!.mailBody).toContain("You have 9 recovery codes left.");
    expect(mail.results[0]!.mailBody).toContain("Hello Rana Codes,");

    const sessions = await sessionCount(user.userId);
    const second = await challenge(user);
    const again = await call("two-steps", { challenge: second, recoveryCode: code });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(WRONG_RECOVERY_CODE);
    expect(again.cookie).toBeNull();
    expect(await sessionCount(user.userId)).toBe(sessions);
    // The refused code did not spend the challenge: another code (or the app's code) still signs in.
    expect((await call("two-steps", { challenge: second, recoveryCode: user.codes[1] })).status).toBe(200);
  });

  it("reads a code however it is typed: upper case, spaces, no dash, o for 0 and l for 1", async () => {
    const user = await withTwoFactor();
    const code = user.codes.find((c) => /[01]/.test(c)) ?? user.codes[0]!;
    const typed = ` ${code.replace("-", " ").toUpperCase().replaceAll("0", "O").replaceAll("1", "l")} `;
    expect((await call("two-steps", { challenge: await challenge(user), recoveryCode: typed })).status).toBe(200);
  });

  it("lets one of two concurrent sign-ins with the same code through", async () => {
    const user = await withTwoFactor();
    const before = await sessionCount(user.userId);
    const [a, b] = [await challenge(user), await challenge(user)];
    const answers = await Promise.all([
      call("two-steps", { challenge: a, recoveryCode: user.codes[0] }),
      call("two-steps", { challenge: b, recoveryCode: user.codes[0] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.status === 401)!.body).toEqual(WRONG_RECOVERY_CODE);
    expect(await sessionCount(user.userId)).toBe(before + 1);
    expect(await storedHashes(user.userId)).toHaveLength(9);
  });

  it("counts wrong codes against the challenge, and wants a code or a recovery code but not both", async () => {
    const user = await withTwoFactor();
    const only = await challenge(user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call("two-steps", { challenge: only, recoveryCode: "zzzzz-zzzzz" })).status).toBe(401);
    }
    expect((await call("two-steps", { challenge: only, recoveryCode: user.codes[0] })).status).toBe(429);
    const next = await challenge(user);
    const neither = await call("two-steps", { challenge: next });
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ code: "required", field: "code" });
    const both = await call("two-steps", { challenge: next, code: currentTotp(user.secret), recoveryCode: user.codes[0] });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: "invalid_input", field: "recoveryCode" });
    expect(await storedHashes(user.userId)).toHaveLength(10);
  });

  it("makes a new set with the password: the old codes stop working, the new ones work", async () => {
    const user = await withTwoFactor();
    const wrong = await call("two-factor-recovery-codes", { password: "not-it" }, { cookie: user.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "wrong_password", field: "password" });
    const before = await storedHashes(user.userId);

    const fresh = await call("two-factor-recovery-codes", { password: user.password }, { cookie: user.cookie });
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe("New recovery codes are ready. The previous ones no longer work.");
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const after = await storedHashes(user.userId);
    expect(after).toHaveLength(10);
    expect(after.filter((hash) => before.includes(hash))).toEqual([]);

    const old = await call("two-steps", { challenge: await challenge(user), recoveryCode: user.codes[0] });
    expect(old.status).toBe(401);
    expect(old.body).toEqual(WRONG_RECOVERY_CODE);
    expect(
      (await call("two-steps", { challenge: await challenge(user), recoveryCode: fresh.body.recoveryCodes[0] })).status,
    ).toBe(200);
  });

  it("has no codes without two-factor: a new set is refused, turning off or an admin's reset voids them", async () => {
    const plain = await createUser();
    const refused = await call("two-factor-recovery-codes", { password: plain.password }, { cookie: plain.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("two_factor_off");
    expect(await storedHashes(plain.userId)).toEqual([]);
    expect((await call("me", {}, { cookie: plain.cookie })).body.userData.recoveryCodesLeft).toBe(0);

    const user = await withTwoFactor();
    expect((await call("two-factor-disable", { password: user.password }, { cookie: user.cookie })).status).toBe(200);
    expect(await storedHashes(user.userId)).toEqual([]);

    const other = await withTwoFactor();
    const admin = await createAdmin();
    expect((await call("reset-two-factor", { userId: other.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await storedHashes(other.userId)).toEqual([]);
  });
});
