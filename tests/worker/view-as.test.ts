import { env } from "cloudflare:test";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { currentTotp } from "../../worker/src/auth/totp";
import { call, callForm, createAdmin, createUser, type CallResult, type TestUser } from "./helpers";

/** View as client (issue 39 item 4, decision 0033): fresh re-auth, read-only, End, the 30-minute limit, the audit. */

/** The session and staff cookies a start answered, as one Cookie header for end-view-as. */
function cookiesOf(res: CallResult): { client: string; both: string; staffCookie: string } {
  const set = res.headers.getSetCookie();
  const staff = set.find((c) => c.startsWith("sid_staff="))!;
  const client = res.cookie!;
  return { client, staffCookie: staff, both: `${client}; ${staff.split(";")[0]}` };
}

async function start(staff: TestUser, client: TestUser) {
  const res = await call("view-as", { userId: client.userId, password: staff.password }, { cookie: staff.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { res, ...cookiesOf(res) };
}

async function auditRows(action: string, subjectId: number) {
  const { results } = await env.DB.prepare(
    "SELECT actorId, detail FROM audit_log WHERE action = ?1 AND subjectId = ?2 ORDER BY auditId",
  )
    .bind(action, String(subjectId))
    .all<{ actorId: number; detail: string }>();
  return results;
}

async function openTicket(client: TestUser): Promise<number> {
  const res = await call(
    "open-ticket",
    { subject: "Where is my report", body: "<p>Hello</p>", label: "job" },
    { cookie: client.cookie },
  );
  expect(res.status).toBe(200);
  return res.body.ticket.ticketId as number;
}

describe("view-as: starting", () => {
  it("needs a fresh password or code: none is 400, a wrong one is refused as other re-auth calls refuse it", async () => {
    const admin = await createAdmin();
    const client = await createUser({ name: "Clara Client" });
    const none = await call("view-as", { userId: client.userId }, { cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe("password");
    const wrong = await call("view-as", { userId: client.userId, password: "not it at all" }, { cookie: admin.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "wrong_password", field: "password" });
    // two-factor-disable answers the same for the same mistake.
    const disable = await call("two-factor-disable", { password: "not it at all" }, { cookie: admin.cookie });
    expect([disable.status, disable.body.code]).toEqual([wrong.status, wrong.body.code]);
    const code = await call("view-as", { userId: client.userId, code: "123456" }, { cookie: admin.cookie });
    expect([code.status, code.body.code]).toEqual([409, "two_factor_off"]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM view_as_sessions WHERE userId = ?1").bind(client.userId).first("n"),
    ).toBe(0);
    expect(wrong.cookie).toBeNull();
  });

  it("takes a TOTP code once", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const setup = await call("two-factor-setup", {}, { cookie: admin.cookie });
    const secret = setup.body.secret as string;
    expect((await call("two-factor-enable", { code: currentTotp(secret) }, { cookie: admin.cookie })).status).toBe(200);
    const next = currentTotp(secret, Date.now() + 30_000);
    const wrong = await call("view-as", { userId: client.userId, code: "000000" }, { cookie: admin.cookie });
    expect([wrong.status, wrong.body.code]).toEqual([400, "wrong_code"]);
    const ok = await call("view-as", { userId: client.userId, code: next }, { cookie: admin.cookie });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const replay = await call("view-as", { userId: client.userId, code: next }, { cookie: admin.cookie });
    expect([replay.status, replay.body.code]).toEqual([400, "code_used"]);
  });

  it("refuses viewing as oneself, as staff, as a closed account; and anyone without impersonate User", async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    const desk = await createUser({ role: "support" });
    const closed = await createUser({ active: false });
    const client = await createUser();
    const as = (userId: number) => call("view-as", { userId, password: admin.password }, { cookie: admin.cookie });
    expect((await as(admin.userId)).body.code).toBe("view_as_self");
    expect((await as(other.userId)).body.code).toBe("view_as_staff");
    expect((await as(desk.userId)).body.code).toBe("view_as_staff");
    const shut = await as(closed.userId);
    expect([shut.status, shut.body.code]).toEqual([409, "account_closed"]);
    expect((await as(999_999_999)).status).toBe(404);
    for (const caller of [desk, client]) {
      const refused = await call("view-as", { userId: client.userId, password: caller.password }, { cookie: caller.cookie });
      expect([refused.status, refused.body.code]).toEqual([403, "missing_permission"]);
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM view_as_sessions WHERE staffId = ?1").bind(admin.userId).first("n"),
    ).toBe(0);
  });

  it("sets the client session and keeps the staff one in a strict cookie sent only to end-view-as", async () => {
    const admin = await createAdmin();
    const client = await createUser({ name: "Clara Client" });
    const { res, client: sid, staffCookie } = await start(admin, client);
    expect(sid).not.toBe(admin.cookie);
    expect(staffCookie).toBe(`${admin.cookie.replace("sid=", "sid_staff=")}; Path=/api/end-view-as; HttpOnly; SameSite=Strict`);
    const me = await call("me", {}, { cookie: sid });
    expect(me.body.userData.userId).toBe(client.userId);
    expect(me.body.viewAs.staffName).toBe("Test Admin");
    const ends = Date.parse(me.body.viewAs.endsAt) - Date.parse(me.body.viewAs.startedAt);
    expect(ends).toBe(30 * 60 * 1000);
    expect((await call("me", {}, { cookie: admin.cookie })).body.viewAs).toBeUndefined();
    const started = await auditRows("view-as-start", client.userId);
    expect(started).toHaveLength(1);
    expect(started[0]!.actorId).toBe(admin.userId);
    expect(JSON.parse(started[0]!.detail)).toEqual({ method: "password" });
    expect(res.body.message).toMatch(/read-only/);
  });
});

describe("view-as: read-only", () => {
  it("answers reads with the client's data and refuses every write with 403 view_as_read_only", async () => {
    const admin = await createAdmin();
    const client = await createUser({ name: "Clara Client", quota: 7 });
    const ticketId = await openTicket(client);
    const { client: sid } = await start(admin, client);
    const tickets = await call("search-ticket", {}, { cookie: sid });
    expect(tickets.status).toBe(200);
    expect(tickets.body.data.map((t: { ticketId: number }) => t.ticketId)).toEqual([ticketId]);
    expect((await call("search-quota", {}, { cookie: sid })).status).toBe(200);
    // Every page load asks for the public settings.
    expect((await call("app-settings", {}, { cookie: sid })).status).toBe(200);
    expect((await call("ticket-detail", { ticketId }, { cookie: sid })).status).toBe(200);

    const writes: Array<Promise<CallResult>> = [
      callForm("reply-ticket", { ticketId: String(ticketId), body: "<p>from staff</p>" }, { cookie: sid }),
      call("update-ticket", { ticketId, status: "closed" }, { cookie: sid }),
      call("open-ticket", { subject: "x", body: "<p>x</p>", label: "other" }, { cookie: sid }),
      call("change-password", { currentPassword: client.password, newPassword: "another long password" }, { cookie: sid }),
      call("revoke-session", { sessionId: 1 }, { cookie: sid }),
      call("mark-article-read", { articleId: 1 }, { cookie: sid }),
      call("view-as", { userId: client.userId, password: admin.password }, { cookie: sid }),
    ];
    for (const refused of await Promise.all(writes)) {
      expect([refused.status, refused.body.code]).toEqual([403, "view_as_read_only"]);
      expect(refused.body.error).toMatch(/nothing can be changed/);
    }
    const detail = await call("ticket-detail", { ticketId }, { cookie: sid });
    expect(detail.body.messages).toHaveLength(1);
    expect(detail.body.ticket.status).toBe("open");
    // The refusal names the staff member in the audit log, never the client.
    const refusedRow = await env.DB.prepare(
      "SELECT actorId FROM audit_log WHERE action = 'refused' AND subject = 'reply-ticket' ORDER BY auditId DESC LIMIT 1",
    ).first("actorId");
    expect(refusedRow).toBe(admin.userId);
  });

  it("shows the client's referral code but refuses tying the client to a referrer (my-referral with a code)", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const referrer = await createUser();
    const code = (await call("my-referral", {}, { cookie: referrer.cookie })).body.code as string;
    const { client: sid } = await start(admin, client);
    const shown = await call("my-referral", {}, { cookie: sid });
    expect(shown.status).toBe(200);
    const tie = await call("my-referral", { referralCode: code }, { cookie: sid });
    expect([tie.status, tie.body.code]).toEqual([403, "view_as_read_only"]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM referrals WHERE refereeId = ?1").bind(client.userId).first("n")).toBe(
      0,
    );
    // The client can still tie themselves.
    expect((await call("my-referral", { referralCode: code }, { cookie: client.cookie })).status).toBe(200);
  });

  it("speaks the caller's language", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const { client: sid } = await start(admin, client);
    const french = `language=${encodeURIComponent(JSON.stringify("fr"))}`;
    const refused = await call(
      "open-ticket",
      { subject: "x", body: "<p>x</p>", label: "other" },
      { cookie: `${sid}; ${french}` },
    );
    expect(refused.body.error).toMatch(/rien ne peut être modifié/);
  });

  it("counts no missed academy search", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const { client: sid } = await start(admin, client);
    const text = `nothing-${crypto.randomUUID().slice(0, 8)}`;
    const res = await call("search-article", { search: text }, { cookie: sid });
    expect(res.status).toBe(200);
    const counted = () =>
      env.DB.prepare("SELECT count(*) AS n FROM article_searches WHERE searchText = ?1").bind(text).first("n");
    expect(await counted()).toBe(0);
    // The same search by the client is counted.
    await call("search-article", { search: text }, { cookie: client.cookie });
    expect(await counted()).toBe(1);
  });
});

describe("view-as: ending", () => {
  it("End restores the staff session, ends the client one and writes the end's audit row", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const { both, client: sid } = await start(admin, client);
    const ended = await call("end-view-as", {}, { cookie: both });
    expect(ended.status).toBe(200);
    expect(ended.cookie).toBe(admin.cookie);
    expect(ended.headers.getSetCookie().some((c) => c.startsWith("sid_staff=;") && c.includes("Max-Age=0"))).toBe(true);
    expect((await call("me", {}, { cookie: ended.cookie! })).body.userData.userId).toBe(admin.userId);
    expect((await call("me", {}, { cookie: sid })).status).toBe(401);
    const rows = await auditRows("view-as-end", client.userId);
    expect(rows.map((r) => [r.actorId, JSON.parse(r.detail)])).toEqual([[admin.userId, { reason: "ended" }]]);
    const again = await call("end-view-as", {}, { cookie: ended.cookie! });
    expect([again.status, again.body.code]).toEqual([409, "not_viewing_as"]);
  });

  it("is dead after 30 minutes, however busy: the end is audited once, as expired, and End still brings the staff back", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const { both, client: sid } = await start(admin, client);
    expect((await call("search-ticket", {}, { cookie: sid })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(Date.now() + 30 * 60 * 1000 + 1000);
    const late = await Promise.all([call("search-ticket", {}, { cookie: sid }), call("me", {}, { cookie: sid })]);
    expect(late.map((r) => r.status)).toEqual([401, 401]);
    expect(await auditRows("view-as-end", client.userId)).toHaveLength(1);
    expect(JSON.parse((await auditRows("view-as-end", client.userId))[0]!.detail)).toEqual({ reason: "expired" });
    const back = await call("end-view-as", {}, { cookie: both });
    expect(back.status).toBe(200);
    expect(back.cookie).toBe(admin.cookie);
    expect(await auditRows("view-as-end", client.userId)).toHaveLength(1);
  });

  it("signing out of a view-as ends it and clears the staff cookie, without touching the staff session", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const { client: sid } = await start(admin, client);
    const out = await call("logout", {}, { cookie: sid });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("sid_staff=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(JSON.parse((await auditRows("view-as-end", client.userId))[0]!.detail)).toEqual({ reason: "logout" });
    expect((await call("me", {}, { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("search-view-as", () => {
  it("lists the client's own view-as sessions; staff may read a user's; another client naming them gets their own", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const stranger = await createUser();
    const { both } = await start(admin, client);
    await call("end-view-as", {}, { cookie: both });
    const own = await call("search-view-as", {}, { cookie: client.cookie });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ staffId: admin.userId, staffName: "Test Admin", endReason: "ended" });
    expect(own.body.data[0].endedAt).not.toBeNull();
    const staff = await call("search-view-as", { userId: client.userId }, { cookie: admin.cookie });
    expect(staff.body.data).toEqual(own.body.data);
    const nosy = await call("search-view-as", { userId: client.userId }, { cookie: stranger.cookie });
    expect([nosy.status, nosy.body.data]).toEqual([200, []]);
  });
});
