import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { seal } from "../../worker/src/auth/secretbox";
import { addressDelayAfter, delayAfter, THROTTLE } from "../../worker/src/auth/throttle";
import { TURNSTILE_TEST_KEYS } from "../support/turnstile-stand-in";
import { call, countRows, createUser, uniqueEmail } from "./helpers";

/**
 * Issue 28: failed sign-ins slow down the place they come from, never lock the owner out from elsewhere,
 * and with Cloudflare Turnstile on ask for a token instead of refusing the right password.
 */

const withTurnstile = (secret: string = TURNSTILE_TEST_KEYS.passingSecret, apiBase = inject("turnstileApiBase")): Env => ({
  ...env,
  TURNSTILE_SITE_KEY: TURNSTILE_TEST_KEYS.siteKey,
  TURNSTILE_SECRET_KEY: secret,
  TURNSTILE_API_BASE: apiBase,
});

const fail = (email: string, ip: string, workerEnv: Env = env) =>
  call("login", { email, password: "wrong-password" }, { ip, env: workerEnv });

/** Moves the recorded failures `seconds` into the past, as if that much time had gone by. */
const age = (seconds: number) => env.DB.prepare("UPDATE login_attempts SET createdAt = createdAt - ?1").bind(seconds).run();

describe("sign-in protection", () => {
  it("spaces out tries from one address for one email, twice as long after each failure", async () => {
    expect([1, 2, 3, 4, 5, 6].map(delayAfter)).toEqual([0, 0, 2, 4, 8, 16]);
    expect(delayAfter(40)).toBe(15 * 60);
    const user = await createUser();
    const ip = "192.0.2.10";
    for (let i = 0; i < 3; i++) expect((await fail(user.email, ip)).status).toBe(401);
    const early = await call("login", { email: user.email, password: user.password }, { ip });
    expect([early.status, early.body.code]).toEqual([429, "rate_limited"]);
    expect(early.body.error).toBe("Too many failed sign-ins for this account from here. Try again in 2 seconds.");
    expect(early.headers.get("retry-after")).toBe("2");
    await age(3);
    const later = await call("login", { email: user.email, password: user.password }, { ip });
    expect(later.status).toBe(200);
  });

  it("never keeps the owner out because strangers failed for their email elsewhere", async () => {
    const user = await createUser();
    for (let i = 0; i < 8; i++) expect((await fail(user.email, `198.51.100.${i + 20}`)).status).toBe(401);
    const owner = await call("login", { email: user.email, password: user.password }, { ip: "203.0.113.77" });
    expect(owner.status).toBe(200);
  });

  it("slows down an address that failed for many emails, for seconds, without Turnstile", async () => {
    expect([19, 20, 21, 22, 30].map(addressDelayAfter)).toEqual([0, 2, 4, 8, 30]);
    const ip = "192.0.2.200";
    for (let i = 0; i < 20; i++) expect((await fail(uniqueEmail("spray"), ip)).status).toBe(401);
    const user = await createUser();
    const slowed = await call("login", { email: user.email, password: user.password }, { ip });
    expect([slowed.status, slowed.body.code]).toEqual([429, "rate_limited"]);
    expect(slowed.body.error).toBe("Many sign-ins failed from this network. Try again in 2 seconds.");
    expect(slowed.headers.get("retry-after")).toBe("2");
    await age(2);
    expect((await call("login", { email: user.email, password: user.password }, { ip })).status).toBe(200);
  });

  it("signs a brand-new account in on its first correct try from an address where others failed", async () => {
    const ip = "192.0.2.202";
    for (let i = 0; i < 25; i++) await fail(uniqueEmail("spray"), ip);
    const userEmail = uniqueEmail("newcomer");
    const password = "Long-enough-1";
    expect((await call("register", { userName: "New Comer", userEmail, password }, { ip })).status).toBe(200);
    // The slow-down waits after the address's last failure, a few seconds at most: never the 15-minute window.
    await age(THROTTLE.addressMaxWaitSeconds);
    const first = await call("login", { email: userEmail, password }, { ip });
    expect(first.status).toBe(200);
    // A success is not a failure of the address: the next one needs no wait either.
    expect((await call("login", { email: userEmail, password }, { ip })).status).toBe(200);
  });

  it("evaluates no more parallel wrong guesses than sequential ones, and the right password in the burst does not sign in", async () => {
    const user = await createUser();
    const ip = "192.0.2.50";
    const wrong = Array.from({ length: 29 }, (_, i) => call("login", { email: user.email, password: `guess-${i}` }, { ip }));
    const right = call("login", { email: user.email, password: user.password }, { ip });
    const answers = await Promise.all([...wrong, right]);
    const evaluated = answers.filter((a) => a.status === 401).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(THROTTLE.freeFailures);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - evaluated);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.some((a) => a.cookie)).toBe(false);
    // Only the evaluated guesses stay counted.
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM login_attempts WHERE attemptKey = ?1")
      .bind(`pair:${user.email.toLowerCase()}|${ip}`)
      .first<{ n: number }>();
    expect(counted!.n).toBe(evaluated);
  });

  it("gives parallel wrong codes on one sign-in challenge no more tries than sequential ones", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET twoFactorEnabled = 1, twoFactorSecret = ?2 WHERE userId = ?1")
      .bind(user.userId, await seal("JBSWY3DPEHPK3PXP", env.VENDOR_SECRET_KEYS))
      .run();
    const login = await call("login", { email: user.email, password: user.password });
    expect(login.body.twoFactorRequired).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("two-steps", { challenge: login.body.challenge, recoveryCode: "00000-00000" })),
    );
    expect(answers.filter((a) => a.status === 401).length).toBe(5);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.code)).toEqual(Array(15).fill("rate_limited"));
  });

  describe("with Turnstile on", () => {
    it("asks for a token, not a refusal, when the email was targeted; the right password then signs in", async () => {
      const user = await createUser();
      for (let i = 0; i < 3; i++) await fail(user.email, `198.51.100.${i + 40}`, withTurnstile());
      const ip = "203.0.113.78";
      const asked = await call("login", { email: user.email, password: user.password }, { ip, env: withTurnstile() });
      expect([asked.status, asked.body.code, asked.body.field]).toEqual([400, "turnstile_required", "turnstileToken"]);
      const refused = await call(
        "login",
        { email: user.email, password: user.password, turnstileToken: TURNSTILE_TEST_KEYS.dummyToken },
        { ip, env: withTurnstile(TURNSTILE_TEST_KEYS.failingSecret) },
      );
      expect([refused.status, refused.body.code]).toEqual([400, "turnstile_failed"]);
      const spent = await call(
        "login",
        { email: user.email, password: user.password, turnstileToken: TURNSTILE_TEST_KEYS.dummyToken },
        { ip, env: withTurnstile(TURNSTILE_TEST_KEYS.spentSecret) },
      );
      expect(spent.body.code).toBe("turnstile_failed");
      const down = await call(
        "login",
        { email: user.email, password: user.password, turnstileToken: TURNSTILE_TEST_KEYS.dummyToken },
        { ip, env: withTurnstile(TURNSTILE_TEST_KEYS.passingSecret, `${inject("turnstileApiBase")}/down`) },
      );
      expect([down.status, down.body.code]).toEqual([503, "turnstile_unavailable"]);
      const passed = await call(
        "login",
        { email: user.email, password: user.password, turnstileToken: TURNSTILE_TEST_KEYS.dummyToken },
        { ip, env: withTurnstile() },
      );
      expect(passed.status).toBe(200);
      // Siteverify was told the address the request came from.
      const asks = (await (await fetch(`${inject("turnstileApiBase")}/__stand-in/requests`)).json()) as { remoteip?: string }[];
      expect(asks.at(-1)).toMatchObject({ remoteip: ip });
    });

    it("challenges a busy address instead of refusing it", async () => {
      const ip = "192.0.2.201";
      for (let i = 0; i < 20; i++) await fail(uniqueEmail("spray"), ip, withTurnstile());
      const user = await createUser();
      const asked = await call("login", { email: user.email, password: user.password }, { ip, env: withTurnstile() });
      expect(asked.body.code).toBe("turnstile_required");
      const passed = await call(
        "login",
        { email: user.email, password: user.password, turnstileToken: TURNSTILE_TEST_KEYS.dummyToken },
        { ip, env: withTurnstile() },
      );
      expect(passed.status).toBe(200);
    });

    it("signs in without a token while nothing failed", async () => {
      const user = await createUser();
      expect((await call("login", { email: user.email, password: user.password }, { env: withTurnstile() })).status).toBe(200);
    });

    it("asks for a token on register and forgot-password, creating and mailing nothing without one", async () => {
      const users = await countRows("users");
      const outbox = await countRows("outbox");
      const userEmail = uniqueEmail("new");
      const registration = { userName: "New Person", userEmail, password: "Long-enough-1" };
      const refused = await call("register", registration, { env: withTurnstile() });
      expect([refused.status, refused.body.code]).toEqual([400, "turnstile_required"]);
      const existing = await createUser();
      const forgot = await call("forgot-password", { email: existing.email }, { env: withTurnstile() });
      expect([forgot.status, forgot.body.code]).toEqual([400, "turnstile_required"]);
      expect(await countRows("users")).toBe(users + 1);
      expect(await countRows("outbox")).toBe(outbox);

      const token = { turnstileToken: TURNSTILE_TEST_KEYS.dummyToken };
      expect((await call("register", { ...registration, ...token }, { env: withTurnstile() })).status).toBe(200);
      expect((await call("forgot-password", { email: existing.email, ...token }, { env: withTurnstile() })).status).toBe(200);
    });

    it("gives the web app the site key, never the secret", async () => {
      const on = await call("app-settings", {}, { env: withTurnstile() });
      expect(on.body.turnstileSiteKey).toBe(TURNSTILE_TEST_KEYS.siteKey);
      expect(JSON.stringify(on.body)).not.toContain(TURNSTILE_TEST_KEYS.passingSecret);
      expect((await call("app-settings")).body.turnstileSiteKey).toBeNull();
    });
  });

  it("registers and resets without a token while Turnstile is off", async () => {
    const registered = await call("register", {
      userName: "Plain Person",
      userEmail: uniqueEmail("plain"),
      password: "Long-enough-1",
    });
    expect(registered.status).toBe(200);
    const user = await createUser();
    expect((await call("forgot-password", { email: user.email })).status).toBe(200);
  });
});
