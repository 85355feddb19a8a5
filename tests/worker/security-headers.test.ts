import { describe, expect, it } from "vitest";
import { createUser, directFetch } from "./helpers";
import { insertUser, sessionCookie } from "./proof-support";

/**
 * Security headers on every kind of answer (API success and error, images, SPA assets) and the
 * session cookie's flags, over http (local) and https (deployed).
 */

function fetchAt(url: string, init: RequestInit = {}) {
  return directFetch(url, { ...init, headers: { "cf-connecting-ip": "203.0.113.9", ...init.headers } });
}

const post = (url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  fetchAt(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** The CSP's directives as a map: name → sources. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function expectSecurityHeaders(res: Response, https: boolean, what: string) {
  const csp = directives(res.headers.get("content-security-policy"));
  const scripts = csp.get("script-src") ?? csp.get("default-src");
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, `${what}: no inline scripts`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: no eval`).not.toContain("'unsafe-eval'");
  expect(csp.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), `${what}: referrer policy`).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/,
  );
  const hsts = res.headers.get("strict-transport-security");
  if (https) expect(hsts, `${what}: HSTS on https`).toMatch(/max-age=(\d{8,})/);
  else expect(hsts, `${what}: no HSTS on plain http`).toBeNull();
}

describe("security headers", () => {
  for (const scheme of ["http", "https"] as const) {
    it(`are on API answers, errors, images and SPA assets over ${scheme}`, async () => {
      const base = `${scheme}://portal.test`;
      const https = scheme === "https";
      const user = await insertUser("client");
      const cookie = await sessionCookie(user.userId);
      const answers: Array<[string, Response]> = [
        ["a public call", await post(`${base}/api/app-settings`)],
        ["a signed-in call", await post(`${base}/api/me`, {}, { cookie })],
        ["a 401", await post(`${base}/api/me`)],
        ["an unknown call", await post(`${base}/api/no-such-call`)],
        ["a GET on the API", await fetchAt(`${base}/api/me`)],
        ["malformed JSON", await fetchAt(`${base}/api/login`, { method: "POST", body: "{" })],
        ["a cross-site POST", await post(`${base}/api/me`, {}, { origin: "https://evil.example" })],
        ["a missing image", await fetchAt(`${base}/images/${"a".repeat(64)}.png`)],
        ["the SPA", await fetchAt(`${base}/login`)],
        ["an asset path", await fetchAt(`${base}/assets/missing.js`)],
      ];
      for (const [what, res] of answers) {
        expectSecurityHeaders(res, https, what);
        await res.body?.cancel();
      }
      expect(answers.find(([w]) => w === "a cross-site POST")![1].status).toBe(403);
    });
  }

  it("keep API answers out of shared caches", async () => {
    const user = await insertUser("client");
    const res = await post("http://portal.test/api/me", {}, { cookie: await sessionCookie(user.userId) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});

describe("the session cookie", () => {
  for (const scheme of ["http", "https"] as const) {
    it(`is HttpOnly, SameSite=Lax, Path=/ and ${scheme === "https" ? "Secure" : "not Secure"} over ${scheme}`, async () => {
      const user = await createUser();
      for (const rememberMe of [false, true]) {
        const res = await post(`${scheme}://portal.test/api/login`, { email: user.email, password: user.password, rememberMe });
        expect(res.status).toBe(200);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
        expect(cookie).toBeDefined();
        const flags = cookie!.split(";").map((p) => p.trim().toLowerCase());
        expect(flags).toContain("httponly");
        expect(flags).toContain("samesite=lax");
        expect(flags).toContain("path=/");
        if (scheme === "https") expect(flags).toContain("secure");
        else expect(flags).not.toContain("secure");
        // The token itself: 256 random bits, base64url.
        expect(cookie!.split(";")[0]).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
        await res.body?.cancel();
      }
    });
  }

  it("is cleared with the same flags when a stale session is refused over https", async () => {
    const res = await post("https://portal.test/api/me", {}, { cookie: "sid=not-a-session" });
    expect(res.status).toBe(401);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/HttpOnly/);
    expect(cleared).toMatch(/Secure/);
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it("is ended by logout, with the cookie cleared", async () => {
    const user = await insertUser("client");
    const cookie = await sessionCookie(user.userId);
    const out = await post("https://portal.test/api/logout", {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith("sid="))).toMatch(/^sid=;.*Max-Age=0/);
    expect((await post("https://portal.test/api/me", {}, { cookie })).status).toBe(401);
  });
});
