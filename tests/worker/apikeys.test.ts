import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createAgentKey, createUser } from "./helpers";

describe("API keys", () => {
  it("shows a new key once, stores only its hash, lets it call agent calls, and revokes it", async () => {
    const admin = await createAdmin();
    const created = await call("create-apikey", { keyName: "Agent one" }, { cookie: admin.cookie });
    expect(created.status).toBe(200);
    const { key, apiKey } = created.body;
    expect(key).toMatch(/^pk_/);
    expect(apiKey).toMatchObject({ keyName: "Agent one", keyPrefix: key.slice(0, 10), revokedAt: null });
    expect(apiKey).not.toHaveProperty("keyHash");
    const stored = await env.DB.prepare("SELECT keyHash FROM api_keys WHERE apiKeyId = ?1")
      .bind(apiKey.apiKeyId)
      .first<{ keyHash: string }>();
    expect(stored!.keyHash).not.toContain(key);
    const listed = await call("search-apikey", {}, { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body.data.find((k: { apiKeyId: number }) => k.apiKeyId === apiKey.apiKeyId)).toMatchObject({
      keyPrefix: apiKey.keyPrefix,
    });
    const audit = await env.DB.prepare(
      "SELECT detail FROM audit_log WHERE action = 'create-apikey' ORDER BY auditId DESC LIMIT 1",
    ).first<{
      detail: string;
    }>();
    expect(audit!.detail).not.toContain(key);
    // The key authenticates (an agent may not call admin calls: 403 rather than 401).
    expect((await call("searchuser", {}, { bearer: key })).status).toBe(403);
    expect((await call("revoke-apikey", { apiKeyId: apiKey.apiKeyId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("searchuser", {}, { bearer: key })).status).toBe(401);
    expect((await call("revoke-apikey", { apiKeyId: apiKey.apiKeyId }, { cookie: admin.cookie })).status).toBe(409);
    expect((await call("revoke-apikey", { apiKeyId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("is admin only and needs a name", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const keys = await countRows("api_keys");
    for (const [name, body] of [
      ["search-apikey", {}],
      ["create-apikey", { keyName: "x" }],
      ["revoke-apikey", { apiKeyId: 1 }],
    ] as const) {
      expect((await call(name, body)).status).toBe(401);
      expect((await call(name, body, { cookie: client.cookie })).status).toBe(403);
    }
    const blank = await call("create-apikey", { keyName: " " }, { cookie: admin.cookie });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('The field "keyName" is required.');
    expect(await countRows("api_keys")).toBe(keys);
  });

  it("records a key's last use at most once a minute: an agent's burst of calls writes it once", async () => {
    const { key, apiKeyId } = await createAgentKey();
    const lastUse = () =>
      env.DB.prepare("SELECT lastUsedAt FROM api_keys WHERE apiKeyId = ?1").bind(apiKeyId).first<string>("lastUsedAt");
    const first = await call("claim-jobs", { limit: 1, siteId: 999_999 }, { bearer: key });
    expect(first.status).toBe(200);
    const used = await lastUse();
    expect(Date.now() - Date.parse(used!)).toBeLessThan(60_000);
    const again = await call("claim-jobs", { limit: 1, siteId: 999_999 }, { bearer: key });
    expect(again.status).toBe(200);
    expect(again.usage!.rowsWritten).toBe(0);
    expect(await lastUse()).toBe(used);
    // A minute later, the next call records it again.
    const earlier = new Date(Date.now() - 61_000).toISOString();
    await env.DB.prepare("UPDATE api_keys SET lastUsedAt = ?1 WHERE apiKeyId = ?2").bind(earlier, apiKeyId).run();
    await call("claim-jobs", { limit: 1, siteId: 999_999 }, { bearer: key });
    expect(await lastUse()).not.toBe(earlier);
  });
});
