import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createUser } from "./helpers";

const french = `language=${encodeURIComponent(JSON.stringify("fr"))}`;

describe("the first sign-in tour's state (issue 43)", () => {
  it("is unseen at first, then remembered for the caller once finished or skipped", async () => {
    const client = await createUser();
    const before = await call("tour-state", {}, { cookie: client.cookie });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ role: "client", seen: false, seenAt: null });

    const saved = await call("update-tour", { seen: true }, { cookie: `${client.cookie}; ${french}` });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("La visite guidée ne se lancera plus d’elle-même.");
    expect(saved.body.tour).toMatchObject({ role: "client", seen: true });

    // Another device: a second session of the same user reads the same state.
    const again = await call("login", { email: client.email, password: client.password });
    const elsewhere = await call("tour-state", {}, { cookie: again.cookie! });
    expect(elsewhere.body).toEqual({ role: "client", seen: true, seenAt: saved.body.tour.seenAt });

    // Seeing it again keeps the first time.
    const twice = await call("update-tour", { seen: true }, { cookie: client.cookie });
    expect(twice.body.tour.seenAt).toBe(saved.body.tour.seenAt);
  });

  it("is per user: one user's tour leaves another's unseen", async () => {
    const ana = await createUser();
    const ben = await createUser();
    await call("update-tour", { seen: true }, { cookie: ana.cookie });
    const bens = await call("tour-state", {}, { cookie: ben.cookie });
    expect(bens.body.seen).toBe(false);
  });

  it("is per role: a user given another role gets that role's tour once", async () => {
    const user = await createUser();
    await call("update-tour", { seen: true }, { cookie: user.cookie });
    await env.DB.prepare("UPDATE users SET userRole = 'admin' WHERE userId = ?1").bind(user.userId).run();
    const asAdmin = await call("tour-state", {}, { cookie: user.cookie });
    expect(asAdmin.body).toEqual({ role: "admin", seen: false, seenAt: null });
  });

  it("forgets it on request, so the home page runs it again", async () => {
    const admin = await createAdmin();
    await call("update-tour", { seen: true }, { cookie: admin.cookie });
    const forgotten = await call("update-tour", { seen: false }, { cookie: admin.cookie });
    expect(forgotten.status).toBe(200);
    expect(forgotten.body.tour).toEqual({ role: "admin", seen: false, seenAt: null });
    expect((await call("tour-state", {}, { cookie: admin.cookie })).body.seen).toBe(false);
  });

  it("refuses a missing or malformed seen and a caller who is not signed in, changing nothing", async () => {
    const client = await createUser();
    const rows = await countRows("tour_seen");
    const missing = await call("update-tour", {}, { cookie: client.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("seen");
    const wrong = await call("update-tour", { seen: "maybe" }, { cookie: client.cookie });
    expect(wrong.status).toBe(400);
    expect((await call("update-tour", { seen: true })).status).toBe(401);
    expect((await call("tour-state", {})).status).toBe(401);
    expect(await countRows("tour_seen")).toBe(rows);
  });
});
