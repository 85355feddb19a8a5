import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/src/cron";
import { createUser } from "./helpers";

describe("cron trigger", () => {
  it("prunes old login attempts and long-expired tokens, keeping recent ones", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO login_attempts (attemptKey, createdAt) VALUES ('email:old@cron.test', ?1)").bind(
        now - 2 * 3600,
      ),
      env.DB.prepare("INSERT INTO login_attempts (attemptKey, createdAt) VALUES ('email:new@cron.test', ?1)").bind(now),
      env.DB.prepare("INSERT INTO auth_tokens (tokenHash, userId, purpose, expiresAt) VALUES ('cron-old', ?1, 'reset', ?2)").bind(
        user.userId,
        now - 2 * 86400,
      ),
      env.DB.prepare("INSERT INTO auth_tokens (tokenHash, userId, purpose, expiresAt) VALUES ('cron-new', ?1, 'reset', ?2)").bind(
        user.userId,
        now + 3600,
      ),
    ]);
    await runCron(env);
    const attempts = await env.DB.prepare("SELECT attemptKey FROM login_attempts WHERE attemptKey LIKE '%@cron.test'").all<{
      attemptKey: string;
    }>();
    expect(attempts.results.map((r) => r.attemptKey)).toEqual(["email:new@cron.test"]);
    const tokens = await env.DB.prepare("SELECT tokenHash FROM auth_tokens WHERE tokenHash LIKE 'cron-%'").all<{
      tokenHash: string;
    }>();
    expect(tokens.results.map((r) => r.tokenHash)).toEqual(["cron-new"]);
  });
});
