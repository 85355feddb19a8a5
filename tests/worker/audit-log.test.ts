import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createUser } from "./helpers";

describe("search-audit", () => {
  it("lists admin changes, logins and refused calls newest first, searchable, without secrets", async () => {
    const admin = await createAdmin();
    const client = await createUser({ quota: 1 });
    await call("adjust-quota", { userId: client.userId, delta: 3, reason: "audit-test" }, { cookie: admin.cookie });
    await call("searchuser", {}, { cookie: client.cookie });
    await call("login", { email: client.email, password: "wrong-password" });
    const all = await call("search-audit", {}, { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(10);
    const times = all.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const adjust = await call("search-audit", { search: "adjust-quota" }, { cookie: admin.cookie });
    expect(adjust.body.data[0]).toMatchObject({
      action: "adjust-quota",
      actorEmail: admin.email,
      subjectId: String(client.userId),
      detail: { delta: 3, reason: "audit-test" },
    });
    const byActor = await call("search-audit", { search: client.email }, { cookie: admin.cookie });
    const actions = byActor.body.data.map((r: { action: string }) => r.action);
    expect(actions).toContain("login");
    expect(actions).toContain("refused");
    const denied = await call("search-audit", { outcome: "denied", search: client.email }, { cookie: admin.cookie });
    expect(denied.body.data.every((r: { outcome: string }) => r.outcome === "denied")).toBe(true);
    const text = JSON.stringify((await call("search-audit", { limit: 100 }, { cookie: admin.cookie })).body);
    expect(text).not.toContain(client.password);
  });

  it("is admin only and pages", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    expect((await call("search-audit", {})).status).toBe(401);
    expect((await call("search-audit", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("search-audit", { limit: 0 }, { cookie: admin.cookie })).status).toBe(400);
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())!.n;
    const page2 = await call("search-audit", { limit: 1, page: 2 }, { cookie: admin.cookie });
    expect(page2.body).toMatchObject({ page: 2, limit: 1, total });
    expect(page2.body.data).toHaveLength(1);
  });
});
