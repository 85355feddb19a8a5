import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "../../worker/src/http/body";
import { PBKDF2_ITERATIONS } from "../../worker/src/auth/password";
import { call, createUser, uniqueEmail } from "./helpers";

describe("sign-in", () => {
  it("keeps PBKDF2 within the deployed Workers ceiling and stores the count", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const user = await createUser();
    const row = await env.DB.prepare("SELECT passwordIterations, passwordHash FROM users WHERE userId = ?1")
      .bind(user.userId)
      .first<{ passwordIterations: number; passwordHash: string }>();
    expect(row!.passwordIterations).toBe(PBKDF2_ITERATIONS);
    expect(row!.passwordHash).not.toContain(user.password);
  });

  it("answers the same for a wrong password and an unknown email", async () => {
    const user = await createUser();
    const wrong = await call("login", { email: user.email, password: "not the password" }, { ip: "198.51.100.7" });
    const unknown = await call("login", { email: uniqueEmail("nobody"), password: "whatever1" }, { ip: "198.51.100.7" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: "The email or password is incorrect.", code: "unauthorized" });
  });

  it("signs in with an HttpOnly session cookie and answers userData and rules", async () => {
    const user = await createUser();
    const res = await call("login", { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(res.body.userData).toMatchObject({ userId: user.userId, userEmail: user.email, role: "client" });
    expect(res.body.userData).not.toHaveProperty("passwordHash");
    expect(res.body.userAbilityRules).toContainEqual({ action: "read", subject: "AclDemo" });
    const stored = await env.DB.prepare("SELECT tokenHash FROM sessions WHERE userId = ?1")
      .bind(user.userId)
      .all<{ tokenHash: string }>();
    const token = res.cookie!.slice(4);
    expect(stored.results.map((r) => r.tokenHash)).not.toContain(token);
  });

  it("ends the session on logout", async () => {
    const user = await createUser();
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(200);
    expect((await call("logout", {}, { cookie: user.cookie })).status).toBe(200);
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
  });

  it("ends a deactivated user's sessions at once", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userId = ?1").bind(user.userId).run();
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
    const again = await call("login", { email: user.email, password: user.password });
    expect(again.status).toBe(403);
  });
});

describe("stored hashes and deleted users", () => {
  it("re-hashes a password stored with fewer iterations at the next sign-in", async () => {
    const user = await createUser();
    const weak = await hashWith(user.password, 1000);
    await env.DB.prepare("UPDATE users SET passwordHash = ?1, passwordSalt = ?2, passwordIterations = 1000 WHERE userId = ?3")
      .bind(weak.hash, weak.salt, user.userId)
      .run();
    expect((await call("login", { email: user.email, password: user.password })).status).toBe(200);
    const row = await env.DB.prepare("SELECT passwordIterations FROM users WHERE userId = ?1")
      .bind(user.userId)
      .first<{ passwordIterations: number }>();
    expect(row!.passwordIterations).toBe(PBKDF2_ITERATIONS);
  });

  it("ends a deleted user's sessions at once and refuses their sign-in", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET deletedAt = '2026-01-01T00:00:00.000Z' WHERE userId = ?1").bind(user.userId).run();
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
    expect((await call("login", { email: user.email, password: user.password })).status).toBe(401);
  });
});

/** PBKDF2 as the Worker does it, at a chosen iteration count (an "older" hash). */
async function hashWith(password: string, iterations: number) {
  const enc = new TextEncoder();
  const pepperKey = await crypto.subtle.importKey(
    "raw",
    enc.encode(env.SESSION_PEPPER),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const peppered = new Uint8Array(await crypto.subtle.sign("HMAC", pepperKey, enc.encode(password)));
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const salt = new Uint8Array(16).fill(7);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  const b64 = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  return { hash: b64(new Uint8Array(bits)), salt: b64(salt) };
}

describe("the API's edges", () => {
  it("refuses a POST whose Origin names another host", async () => {
    const user = await createUser();
    const res = await call("me", {}, { cookie: user.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("cross_origin");
    const same = await call("me", {}, { cookie: user.cookie, headers: { origin: "http://portal.test" } });
    expect(same.status).toBe(200);
  });

  it("answers malformed JSON with 400 and the error shape", async () => {
    const res = await call("login", undefined, { raw: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body is not valid JSON.", code: "malformed_json" });
  });

  it("reads a body sent without a declared length, and answers one too large with 413", async () => {
    const streamed = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
    };
    const small = await call("login", undefined, {
      raw: streamed(JSON.stringify({ email: "nobody@example.test", password: "wrong password" })),
      headers: { "content-type": "application/json" },
    });
    expect(small.status).toBe(401);
    const big = await call("login", undefined, {
      raw: streamed(JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024) })),
      headers: { "content-type": "application/json" },
    });
    expect(big.status).toBe(413);
  });

  it("answers an oversized body with 413", async () => {
    const res = await call("login", undefined, {
      raw: JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("too_large");
  });

  it("gives 401 to an anonymous caller of a signed-in call", async () => {
    const res = await call("me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });
  });

  it("names the missing field with the spec's text", async () => {
    const res = await call("register", { userEmail: uniqueEmail(), password: "long enough" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The field "userName" is required.', code: "required", field: "userName" });
  });
});

describe("validation texts", () => {
  it("tells a wrong type from a missing field", async () => {
    const res = await call("revoke-session", { sessionId: "lots" }, { cookie: (await createUser()).cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_input", field: "sessionId" });
    expect(res.body.error).not.toContain("is required");
  });

  it("names the expected type with the right article", () => {
    const textOf = (schema: z.ZodType, body: unknown) => {
      try {
        validate(schema, body);
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    };
    expect(textOf(z.object({ list: z.array(z.string()) }), { list: "x" })).toContain("must be an array");
    expect(textOf(z.object({ name: z.string() }), { name: 1 })).toContain("must be a string");
  });
});
