import { describe, expect, it } from "vitest";
import { call, createAdmin, createUser, uniqueEmail } from "./helpers";

describe("search-outbox", () => {
  it("lists queued mail newest first for admins, bodies only for those who manage the outbox", async () => {
    const admin = await createAdmin();
    const email = uniqueEmail("mail");
    expect((await call("register", { userName: "Mail Me", userEmail: email, password: "long-password-1" })).status).toBe(200);
    const res = await call("search-outbox", { status: "queued" }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ toEmail: email, status: "queued" });
    expect(res.body.data[0].mailBody).toContain("http");
    // A read-only support role sees the queue but not the one-time links inside the mails.
    const client = await createUser();
    const { env } = await import("cloudflare:workers");
    const name = `support-${Math.random().toString(36).slice(2, 8)}`;
    const role = await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1) RETURNING roleId")
      .bind(name)
      .first<{ roleId: number }>();
    await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, 'read', 'all')").bind(role!.roleId).run();
    await env.DB.prepare("UPDATE users SET userRole = ?1 WHERE userId = ?2").bind(name, client.userId).run();
    const limited = await call("search-outbox", {}, { cookie: client.cookie });
    expect(limited.status).toBe(200);
    expect(limited.body.data[0].toEmail).toBe(email);
    expect(limited.body.data[0].mailBody).toBeNull();
  });

  it("says whether mail is delivered at all: false without a mail API, never the key", async () => {
    const admin = await createAdmin();
    const { env } = await import("cloudflare:workers");
    const local = await call("search-outbox", {}, { cookie: admin.cookie });
    expect(local.body.mailDelivery).toBe(false);
    const configured = { ...env, MAIL_API_URL: "https://mail.example.test/send", MAIL_API_KEY: "secret-mail-key" };
    const res = await call("search-outbox", {}, { cookie: admin.cookie, env: configured });
    expect(res.body.mailDelivery).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain("secret-mail-key");
  });

  it("refuses anonymous callers and clients, and bad filters", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    expect((await call("search-outbox", {})).status).toBe(401);
    expect((await call("search-outbox", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("search-outbox", { status: "lost" }, { cookie: admin.cookie })).status).toBe(400);
  });
});
