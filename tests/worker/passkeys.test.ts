import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentTotp } from "../../worker/src/auth/totp";
import { BASE, call, createAdmin, createUser, type TestUser } from "./helpers";
import { SoftAuthenticator } from "./passkey-authenticator";

const AT = { origin: BASE, rpId: new URL(BASE).hostname };

/** A user with a registered passkey, through the calls the security tab makes. */
async function withPasskey(user?: TestUser) {
  const owner = user ?? (await createUser({ name: "Pia Keys" }));
  const authenticator = await SoftAuthenticator.create();
  const options = await call("passkey-register-options", { password: owner.password }, { cookie: owner.cookie });
  expect(options.status).toBe(200);
  const response = await authenticator.register(options.body.options, AT);
  const registered = await call("passkey-register", { passkeyName: "Laptop", response }, { cookie: owner.cookie });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { owner, authenticator };
}

async function loginOptions() {
  const res = await call("passkey-login-options", {});
  expect(res.status).toBe(200);
  return res.body.options;
}

const passkeysOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT passkeyId, signCount FROM passkeys WHERE userId = ?1")
      .bind(userId)
      .all<{ passkeyId: number; signCount: number }>()
  ).results;

const securityMails = async (email: string) =>
  (
    await env.DB.prepare("SELECT mailSubject FROM outbox WHERE toEmail = ?1 AND mailKind = 'security-notice' ORDER BY mailId")
      .bind(email)
      .all<{ mailSubject: string }>()
  ).results.map((row) => row.mailSubject);

const auditActions = async (userId: number) =>
  (
    await env.DB.prepare("SELECT action, detail FROM audit_log WHERE subjectId = ?1 AND action LIKE 'passkey-%' ORDER BY auditId")
      .bind(String(userId))
      .all<{ action: string; detail: string }>()
  ).results;

describe("passkeys", () => {
  it("registers a passkey after the password, lists it, and signs in with it as login does", async () => {
    const { owner, authenticator } = await withPasskey();
    const listed = await call("search-passkey", {}, { cookie: owner.cookie });
    expect(listed.body.data).toEqual([
      { passkeyId: expect.any(Number), passkeyName: "Laptop", createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(await securityMails(owner.email)).toEqual([expect.stringContaining("a passkey was added to your account")]);
    expect((await auditActions(owner.userId)).map((row) => row.action)).toEqual(["passkey-add"]);

    const response = await authenticator.assert(await loginOptions(), AT);
    const signedIn = await call("passkey-login", { response, rememberMe: true });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.cookie).toMatch(/^sid=/);
    expect(signedIn.body.userData.userEmail).toBe(owner.email);
    expect(signedIn.body.userAbilityRules.length).toBeGreaterThan(0);
    // Remember-me as login makes it: a client's 30-day session and cookie.
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith("sid="))).toContain(`Max-Age=${30 * 24 * 3600}`);
    const me = await call("me", {}, { cookie: signedIn.cookie! });
    expect(me.body.userData.userId).toBe(owner.userId);
    const login = await env.DB.prepare(
      "SELECT detail FROM audit_log WHERE action = 'login' AND actorId = ?1 ORDER BY auditId DESC",
    )
      .bind(owner.userId)
      .first<{ detail: string }>();
    expect(JSON.parse(login!.detail)).toEqual({ passkeyId: listed.body.data[0].passkeyId });
    const after = await call("search-passkey", {}, { cookie: owner.cookie });
    expect(after.body.data[0].lastUsedAt).not.toBeNull();
  });

  it("refuses a wrong password before handing out a challenge", async () => {
    const owner = await createUser();
    const res = await call("passkey-register-options", { password: "not it" }, { cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("wrong_password");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM passkey_challenges WHERE userId = ?1").bind(owner.userId).first("n"),
    ).toBe(0);
  });

  it("refuses a replayed challenge: an assertion signs in once", async () => {
    const { authenticator } = await withPasskey();
    const options = await loginOptions();
    const response = await authenticator.assert(options, AT);
    expect((await call("passkey-login", { response })).status).toBe(200);
    const replay = await call("passkey-login", { response });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("passkey_challenge_expired");
    expect(replay.cookie).toBeNull();
  });

  it("refuses an expired challenge", async () => {
    const { authenticator } = await withPasskey();
    const options = await loginOptions();
    await env.DB.prepare("UPDATE passkey_challenges SET expiresAt = 0 WHERE challenge = ?1").bind(options.challenge).run();
    const res = await call("passkey-login", { response: await authenticator.assert(options, AT) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("passkey_challenge_expired");
  });

  it("refuses an assertion made for another origin, and a registration too", async () => {
    const { owner, authenticator } = await withPasskey();
    const elsewhere = { origin: "https://portal.evil.test", rpId: AT.rpId };
    const res = await call("passkey-login", { response: await authenticator.assert(await loginOptions(), elsewhere) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "This passkey was not accepted.", code: "passkey_refused" });
    const other = await SoftAuthenticator.create();
    const options = await call("passkey-register-options", { password: owner.password }, { cookie: owner.cookie });
    const registered = await call(
      "passkey-register",
      { passkeyName: "Phone", response: await other.register(options.body.options, elsewhere) },
      { cookie: owner.cookie },
    );
    expect(registered.status).toBe(400);
    expect(await passkeysOf(owner.userId)).toHaveLength(1);
  });

  it("refuses a registration without the public key the browser reports, or with an algorithm it cannot check", async () => {
    const owner = await createUser({ name: "Kay Less" });
    const register = async (change: (response: Record<string, unknown>) => void) => {
      const options = await call("passkey-register-options", { password: owner.password }, { cookie: owner.cookie });
      const answer = await (await SoftAuthenticator.create()).register(options.body.options, AT);
      change(answer.response);
      return call("passkey-register", { passkeyName: "Key", response: answer }, { cookie: owner.cookie });
    };
    const withoutKey = await register((response) => delete response.publicKey);
    expect(withoutKey.status).toBe(400);
    expect(withoutKey.body.code).toBe("passkey_refused");
    const eddsa = await register((response) => (response.publicKeyAlgorithm = -8));
    expect(eddsa.status).toBe(400);
    expect(eddsa.body.code).toBe("passkey_refused");
    expect(await passkeysOf(owner.userId)).toEqual([]);
  });

  it("expects SITE_URL's origin when it is https, whatever the request's", async () => {
    const { authenticator } = await withPasskey();
    const production = { ...env, SITE_URL: "https://portal.example" };
    const options = (await call("passkey-login-options", {}, { env: production })).body.options;
    const refused = await call("passkey-login", { response: await authenticator.assert(options, AT) }, { env: production });
    expect(refused.status).toBe(401);
    const again = (await call("passkey-login-options", {}, { env: production })).body.options;
    const response = await authenticator.assert(again, { origin: "https://portal.example", rpId: AT.rpId });
    expect((await call("passkey-login", { response }, { env: production })).status).toBe(200);
  });

  it("refuses a signature counter that goes backwards (a cloned authenticator)", async () => {
    const { owner, authenticator } = await withPasskey();
    expect(
      (await call("passkey-login", { response: await authenticator.assert(await loginOptions(), { ...AT, counter: 5 }) })).status,
    ).toBe(200);
    const cloned = await call("passkey-login", {
      response: await authenticator.assert(await loginOptions(), { ...AT, counter: 3 }),
    });
    expect(cloned.status).toBe(401);
    expect(cloned.body.code).toBe("passkey_refused");
    expect((await passkeysOf(owner.userId))[0]!.signCount).toBe(5);
  });

  it("requires user verification for a passwordless sign-in", async () => {
    const { authenticator } = await withPasskey();
    const res = await call("passkey-login", {
      response: await authenticator.assert(await loginOptions(), { ...AT, userVerified: false }),
    });
    expect(res.status).toBe(401);
    expect(res.cookie).toBeNull();
  });

  it("removes a passkey of the caller's only: another user's is 404 and stays", async () => {
    const { owner, authenticator } = await withPasskey();
    const [passkey] = await passkeysOf(owner.userId);
    const stranger = await createUser();
    const res = await call("delete-passkey", { passkeyId: passkey!.passkeyId }, { cookie: stranger.cookie });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(await passkeysOf(owner.userId)).toHaveLength(1);

    const removed = await call("delete-passkey", { passkeyId: passkey!.passkeyId }, { cookie: owner.cookie });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("The passkey was removed.");
    expect(await passkeysOf(owner.userId)).toEqual([]);
    expect((await auditActions(owner.userId)).map((row) => row.action)).toEqual(["passkey-add", "passkey-remove"]);
    expect(await securityMails(owner.email)).toEqual([
      expect.stringContaining("a passkey was added"),
      expect.stringContaining("a passkey was removed from your account"),
    ]);
    const gone = await call("passkey-login", { response: await authenticator.assert(await loginOptions(), AT) });
    expect(gone.status).toBe(401);
    expect((await call("delete-passkey", { passkeyId: passkey!.passkeyId }, { cookie: owner.cookie })).status).toBe(404);
  });

  it("closing the account and deleting a user remove their passkeys", async () => {
    const { owner, authenticator } = await withPasskey();
    const closed = await call("close-account", { password: owner.password }, { cookie: owner.cookie });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await passkeysOf(owner.userId)).toEqual([]);
    expect((await call("passkey-login", { response: await authenticator.assert(await loginOptions(), AT) })).status).toBe(401);

    const deleted = await withPasskey();
    const admin = await createAdmin();
    expect((await call("deleteuser", { userId: deleted.owner.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await passkeysOf(deleted.owner.userId)).toEqual([]);
  });

  it("confirms a two-factor sign-in with a passkey instead of a code, once", async () => {
    const user = await createUser();
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    expect((await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie })).status).toBe(200);
    const { authenticator } = await withPasskey(user);
    const login = await call("login", { email: user.email, password: user.password, rememberMe: true });
    expect(login.body.twoFactorRequired).toBe(true);
    const { challenge } = login.body;

    const options = await call("two-steps-passkey-options", { challenge });
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
    // The second step does not require user verification: the password was the first factor.
    const response = await authenticator.assert(options.body.options, { ...AT, userVerified: false });
    const done = await call("two-steps-passkey", { challenge, response });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.cookie).toMatch(/^sid=/);
    expect(done.body.userData.userEmail).toBe(user.email);

    // The sign-in's challenge is used: neither a passkey nor a code finishes it again.
    expect((await call("two-steps-passkey-options", { challenge })).status).toBe(401);
    expect((await call("two-steps", { challenge, code: currentTotp(setup.body.secret) })).status).toBe(401);
  });

  it("a second step's passkey challenge belongs to its sign-in and its user", async () => {
    const user = await createUser();
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    await call("two-factor-enable", { code: currentTotp(setup.body.secret) }, { cookie: user.cookie });
    await withPasskey(user);
    const stranger = await withPasskey();
    const { challenge } = (await call("login", { email: user.email, password: user.password })).body;
    const options = (await call("two-steps-passkey-options", { challenge })).body.options;
    const res = await call("two-steps-passkey", { challenge, response: await stranger.authenticator.assert(options, AT) });
    expect(res.status).toBe(401);
    expect(res.cookie).toBeNull();
    // A user without passkeys is told so.
    const plain = await createUser();
    const plainSetup = await call("two-factor-setup", {}, { cookie: plain.cookie });
    await call("two-factor-enable", { code: currentTotp(plainSetup.body.secret) }, { cookie: plain.cookie });
    const plainChallenge = (await call("login", { email: plain.email, password: plain.password })).body.challenge;
    const none = await call("two-steps-passkey-options", { challenge: plainChallenge });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe("This account has no passkey.");
  });
});
