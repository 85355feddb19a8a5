import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, uniqueEmail } from "./helpers";

const TERMS_URL = "https://portal.test/terms";
const withTerms = (version = "2026-11"): Env => ({ ...env, TERMS_URL, TERMS_VERSION: version });

const registration = () => ({ userName: "Terms Reader", userEmail: uniqueEmail("terms"), password: "a-good-password" });

const storedTerms = (email: string) =>
  env.DB.prepare("SELECT termsVersion, termsAcceptedAt FROM users WHERE userEmail = ?1")
    .bind(email)
    .first<{ termsVersion: string | null; termsAcceptedAt: string | null }>();

describe("terms at registration", () => {
  it("asks nothing without TERMS_URL, and stores no acceptance", async () => {
    expect((await call("app-settings")).body.termsUrl).toBeNull();
    const body = registration();
    expect((await call("register", body)).status).toBe(200);
    expect(await storedTerms(body.userEmail)).toEqual({ termsVersion: null, termsAcceptedAt: null });
  });

  it("with TERMS_URL, refuses a registration that does not accept them, creating nothing", async () => {
    const settings = await call("app-settings", {}, { env: withTerms() });
    expect(settings.body.termsUrl).toBe(TERMS_URL);
    const users = await countRows("users");
    for (const acceptTerms of [undefined, false]) {
      const refused = await call("register", { ...registration(), acceptTerms }, { env: withTerms() });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: "Please accept the terms of service to create an account.",
        code: "terms_not_accepted",
        field: "acceptTerms",
      });
    }
    expect(await countRows("users")).toBe(users);
  });

  it("with TERMS_URL, stores the accepted version and when", async () => {
    const body = registration();
    const before = new Date().toISOString();
    expect((await call("register", { ...body, acceptTerms: true }, { env: withTerms() })).status).toBe(200);
    const stored = await storedTerms(body.userEmail);
    expect(stored!.termsVersion).toBe("2026-11");
    expect(stored!.termsAcceptedAt! >= before && stored!.termsAcceptedAt! <= new Date().toISOString()).toBe(true);

    // Without a version, the address names what was accepted.
    const unversioned = registration();
    expect((await call("register", { ...unversioned, acceptTerms: "true" }, { env: withTerms("") })).status).toBe(200);
    expect((await storedTerms(unversioned.userEmail))!.termsVersion).toBe(TERMS_URL);
  });
});
