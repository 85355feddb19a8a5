import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { sendReminders } from "../../worker/src/domain/notifications/reminders";
import {
  BASE,
  call,
  callForm,
  createAdmin,
  createBundle,
  createItem,
  createJobSite,
  createUser,
  directFetch,
  pdfFile,
} from "./helpers";

/** Notifications in the app, the settings and the one-click unsubscribe (issue 24). */

const language = (lng: string) => `language=${encodeURIComponent(JSON.stringify(lng))}`;

const notificationIds = async (userId: number) =>
  (
    await env.DB.prepare("SELECT notificationId FROM notifications WHERE userId = ?1 ORDER BY notificationId").bind(userId).all<{
      notificationId: number;
    }>()
  ).results.map((r) => r.notificationId);

async function finishedJob(status: 1 | 2, client = undefined as Awaited<ReturnType<typeof createUser>> | undefined) {
  const admin = await createAdmin();
  const site = await createJobSite({ price: 0 });
  const owner = client ?? (await createUser({ name: "Owner" }));
  const submitted = await callForm(
    "submit-job",
    { siteId: String(site.siteId), file: pdfFile("essay.pdf") },
    { cookie: owner.cookie },
  );
  const uniqueId = submitted.body.history.fileData.uniqueId as string;
  const fields: Record<string, string> = { uniqueId, status: String(status) };
  if (status === 1) fields.similarity = "12";
  expect((await callForm("update-history", fields, { cookie: admin.cookie })).status).toBe(200);
  return { owner, admin, uniqueId };
}

describe("notifications in the app", () => {
  it("tells a job's owner it is done, in the reader's language, newest first, with the unread count", async () => {
    const { owner } = await finishedJob(1);
    await finishedJob(2, owner);
    const en = await call("search-notification", {}, { cookie: owner.cookie });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ total: 2, unread: 2, page: 1, limit: 10 });
    expect(en.body.data.map((n: { kind: string }) => n.kind)).toEqual(["job-failed", "job-done"]);
    // No report came with it: the link opens the history.
    expect(en.body.data[1]).toMatchObject({
      title: expect.stringContaining("result is ready"),
      body: '"essay.pdf": similarity 12%.',
      link: "/portal/history-user",
      readAt: null,
    });
    const fr = await call("search-notification", {}, { cookie: `${owner.cookie}; ${language("fr")}` });
    expect(fr.body.data[1].body).toBe("« essay.pdf » : similarité 12 %.");
    const ar = await call("search-notification", {}, { cookie: `${owner.cookie}; ${language("ar")}` });
    expect(ar.body.data[1].title).toContain("جاهزة");
    // Someone else sees none of them.
    const other = await createUser();
    expect((await call("search-notification", {}, { cookie: other.cookie })).body).toMatchObject({
      total: 0,
      unread: 0,
      data: [],
    });
  });

  it("marks one read, then all; another user's notification is not found; pages and filters the unread", async () => {
    const { owner } = await finishedJob(1);
    await finishedJob(1, owner);
    await finishedJob(2, owner);
    const [first] = await notificationIds(owner.userId);
    const one = await call("read-notification", { notificationId: first }, { cookie: owner.cookie });
    expect(one.body).toMatchObject({ message: "Marked as read.", unread: 2 });
    const unread = await call("search-notification", { unreadOnly: true, limit: 1, page: 2 }, { cookie: owner.cookie });
    expect(unread.body).toMatchObject({ total: 2, unread: 2, page: 2, limit: 1 });
    expect(unread.body.data).toHaveLength(1);
    const stranger = await createUser();
    expect((await call("read-notification", { notificationId: first }, { cookie: stranger.cookie })).status).toBe(404);
    const all = await call("read-notification", { all: true }, { cookie: owner.cookie });
    expect(all.body).toMatchObject({ message: "All notifications marked as read.", unread: 0 });
    expect((await call("search-notification", { unreadOnly: true }, { cookie: owner.cookie })).body.total).toBe(0);
    // Marking a read one again changes nothing and is fine.
    expect((await call("read-notification", { notificationId: first }, { cookie: owner.cookie })).status).toBe(200);
    expect((await call("read-notification", {}, { cookie: owner.cookie })).status).toBe(400);
  });

  it("tells the buyer a payment was confirmed, once", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const bundle = await createBundle({ points: 10, ppp: 10 });
    const ref = (await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie })).body.referenceId;
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(409);
    const list = await call("search-notification", {}, { cookie: client.cookie });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        kind: "payment-confirmed",
        title: "Payment of $1.00 received",
        link: "/pages/account-settings/billing",
      }),
    ]);
  });
});

describe("notification settings", () => {
  it("are answered by me and saved; a job mail is not sent when turned off, the notification still is", async () => {
    const client = await createUser();
    const me = await call("me", {}, { cookie: client.cookie });
    expect(me.body.notificationSettings).toEqual({
      lowBalanceThreshold: null,
      mail: { subscriptionEnding: true, paymentReminder: true, lowBalance: true, jobDone: true },
    });
    const saved = await call(
      "update-notification-settings",
      { lowBalanceThreshold: 25, mail: { subscriptionEnding: true, paymentReminder: false, lowBalance: true, jobDone: false } },
      { cookie: client.cookie },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.notificationSettings).toEqual({
      lowBalanceThreshold: 25,
      mail: { subscriptionEnding: true, paymentReminder: false, lowBalance: true, jobDone: false },
    });
    expect((await call("me", {}, { cookie: client.cookie })).body.notificationSettings.lowBalanceThreshold).toBe(25);
    const bad = await call(
      "update-notification-settings",
      { lowBalanceThreshold: -1, mail: saved.body.notificationSettings.mail },
      { cookie: client.cookie },
    );
    expect(bad.status).toBe(400);

    await finishedJob(1, client);
    expect((await call("search-notification", {}, { cookie: client.cookie })).body.total).toBe(1);
    const jobMails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE toEmail = ?1 AND mailKind LIKE 'job-%'")
      .bind(client.email)
      .first<{ n: number }>();
    expect(jobMails!.n).toBe(0);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("turns that kind of mail off from the List-Unsubscribe URL without a session; a bad token changes nothing", async () => {
    const client = await createUser();
    await finishedJob(1, client);
    const mail = await env.DB.prepare("SELECT unsubscribeUrl, mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = 'job-done'")
      .bind(client.email)
      .first<{ unsubscribeUrl: string; mailBody: string }>();
    const url = new URL(mail!.unsubscribeUrl);
    expect(url.pathname).toBe("/api/unsubscribe");
    // The text version links to the page that asks first (a link scanner's GET changes nothing).
    expect(mail!.mailBody).toContain(`/unsubscribe?token=${encodeURIComponent(url.searchParams.get("token")!)}`);

    const forged = await directFetch(
      `${BASE}/api/unsubscribe?token=${encodeURIComponent(`${client.userId}.jobDone.AAAAAAAAAAAAAAAAAAAAAA`)}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(forged.status).toBe(400);
    expect((await call("me", {}, { cookie: client.cookie })).body.notificationSettings.mail.jobDone).toBe(true);

    const oneClick = await directFetch(`${BASE}/api/unsubscribe${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ preference: "jobDone" });
    expect((await call("me", {}, { cookie: client.cookie })).body.notificationSettings.mail.jobDone).toBe(false);
    // The page's button sends the token as JSON; doing it again is fine.
    const again = await call("unsubscribe", { token: url.searchParams.get("token") });
    expect(again.body).toEqual({ message: "You will no longer receive these mails.", preference: "jobDone" });
  });

  it("stops the reminder mails of that kind, not the notifications", async () => {
    const client = await createUser();
    const itemId = await createItem();
    await env.DB.prepare("INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(
        client.userId,
        itemId,
        new Date(Date.now() - 30 * 86_400_000).toISOString(),
        new Date(Date.now() + 3 * 86_400_000).toISOString(),
        crypto.randomUUID(),
      )
      .run();
    const { unsubscribeToken } = await import("../../worker/src/auth/unsubscribe");
    expect(
      (await call("unsubscribe", { token: await unsubscribeToken(env.SESSION_PEPPER, client.userId, "subscriptionEnding") }))
        .status,
    ).toBe(200);
    await sendReminders({
      db: getDb(env.DB),
      d1: env.DB,
      portal: { siteName: "P", origin: "https://p.test" },
      pepper: env.SESSION_PEPPER,
    });
    expect(await notificationIds(client.userId)).toHaveLength(1);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE toEmail = ?1")
      .bind(client.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });
});
