import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { sendReminders } from "../../worker/src/domain/notifications/reminders";
import worker from "../../worker/src/index";
import { call, callForm, createBundle, createItem, createJobSite, createUser, pdfFile, type TestUser } from "./helpers";

/**
 * The cron's reminders and alerts (issue 24), driven at chosen times: each once per occasion, in the
 * client's language, with the link that acts, and no mail to a client who turned that kind off.
 */

const DAY = 86_400_000;
const portal = { siteName: "Portal", origin: "https://portal.test" };
const run = (now: Date) => sendReminders({ db: getDb(env.DB), d1: env.DB, portal, pepper: env.SESSION_PEPPER, now });
const at = (ms: number) => new Date(Date.now() + ms);

const notificationsOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT kind, occasion, params, link FROM notifications WHERE userId = ?1 ORDER BY notificationId")
      .bind(userId)
      .all<{ kind: string; occasion: string; params: string; link: string }>()
  ).results;

const mailsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "SELECT mailKind, mailSubject, mailBody, mailHtml, unsubscribeUrl FROM outbox WHERE toEmail = ?1 ORDER BY mailId",
    )
      .bind(email)
      .all<{ mailKind: string; mailSubject: string; mailBody: string; mailHtml: string; unsubscribeUrl: string | null }>()
  ).results;

async function setUser(userId: number, changes: Record<string, string | number | null>) {
  const columns = Object.keys(changes);
  await env.DB.prepare(`UPDATE users SET ${columns.map((c, i) => `${c} = ?${i + 2}`).join(", ")} WHERE userId = ?1`)
    .bind(userId, ...Object.values(changes))
    .run();
}

/** A subscription straight in D1, `days` long and ending `endsIn` ms from now. */
async function subscribe(user: TestUser, itemId: number, endsIn: number, days = 30) {
  const ends = Date.now() + endsIn;
  const row = await env.DB.prepare(
    "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING subscriptionId",
  )
    .bind(user.userId, itemId, new Date(ends - days * DAY).toISOString(), new Date(ends).toISOString(), crypto.randomUUID())
    .first<{ subscriptionId: number }>();
  return row!.subscriptionId;
}

describe("subscription reminders", () => {
  it("reminds 7 days and 1 day before the end and when it ended, once each, with the link to buy it again", async () => {
    const client = await createUser({ name: "Inès" });
    await setUser(client.userId, { mailLanguage: "fr" });
    const itemId = await createItem({ name: "Plan Pro" });
    const id = await subscribe(client, itemId, 6.5 * DAY);

    await run(at(0));
    await run(at(0));
    await Promise.all([run(at(60_000)), run(at(60_000))]);
    expect((await notificationsOf(client.userId)).map((n) => n.occasion)).toEqual([`subscription-ending-7d:${id}`]);
    const [first] = await mailsTo(client.email);
    expect(first).toMatchObject({ mailKind: "subscription-ending", mailSubject: "Portal: Plan Pro se termine dans 7 jours" });
    expect(first!.mailBody).toContain(`https://portal.test/payment/payment?kind=item&refId=${itemId}`);
    expect(first!.mailBody).toContain("Bonjour Inès,");
    expect(first!.mailHtml).toContain('lang="fr"');
    expect(first!.unsubscribeUrl).toMatch(/^https:\/\/portal\.test\/api\/unsubscribe\?token=/);

    await run(at(6 * DAY));
    await run(at(7 * DAY));
    await run(at(7 * DAY + 3600_000));
    const occasions = (await notificationsOf(client.userId)).map((n) => n.occasion);
    expect(occasions).toEqual([`subscription-ending-7d:${id}`, `subscription-ending-1d:${id}`, `subscription-ended:${id}`]);
    expect((await mailsTo(client.email)).map((m) => m.mailKind)).toEqual([
      "subscription-ending",
      "subscription-ending",
      "subscription-ended",
    ]);
    expect((await notificationsOf(client.userId)).every((n) => n.link === `/payment/payment?kind=item&refId=${itemId}`)).toBe(
      true,
    );
  });

  it("says nothing of a subscription a renewal continues, nor 7 days ahead of one that is shorter", async () => {
    const client = await createUser();
    const itemId = await createItem();
    await subscribe(client, itemId, 3 * DAY);
    await subscribe(client, itemId, 33 * DAY);
    const short = await createUser();
    await subscribe(short, itemId, 3 * DAY, 5);
    await run(at(0));
    expect(await notificationsOf(client.userId)).toEqual([]);
    expect(await notificationsOf(short.userId)).toEqual([]);
  });

  it("notifies but does not mail a client who turned subscription mails off", async () => {
    const client = await createUser();
    await setUser(client.userId, { mailSubscriptionEnding: 0 });
    await subscribe(client, await createItem(), 12 * 3600_000);
    await run(at(0));
    expect((await notificationsOf(client.userId)).map((n) => n.kind)).toEqual(["subscription-ending"]);
    expect(await mailsTo(client.email)).toEqual([]);
  });
});

describe("payment reminders", () => {
  it("reminds of a pending payment before it expires (half its life before, for a 24-hour payment), once", async () => {
    const client = await createUser();
    await setUser(client.userId, { mailLanguage: "ar" });
    const bundle = await createBundle({ points: 10, ppp: 10 });
    const ref = (await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie })).body.referenceId;
    await run(at(0));
    expect(await notificationsOf(client.userId)).toEqual([]);
    await run(at(13 * 3600_000));
    await run(at(14 * 3600_000));
    const [reminder] = await notificationsOf(client.userId);
    expect(reminder).toMatchObject({ kind: "payment-reminder", occasion: `payment-reminder:${ref}`, link: `/payment/${ref}` });
    const mails = await mailsTo(client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mailHtml).toContain('dir="rtl"');
    expect(mails[0]!.mailBody).toContain(`https://portal.test/payment/${ref}`);
  });

  it("leaves a payment with a proof alone", async () => {
    const client = await createUser();
    const bundle = await createBundle();
    const ref = (await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie })).body.referenceId;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await callForm("payment-proof", { referenceId: ref, file: new File([png], "p.png") })).status).toBe(200);
    await run(at(20 * 3600_000));
    expect(await notificationsOf(client.userId)).toEqual([]);
  });
});

describe("low-balance alerts", () => {
  async function spend(client: TestUser, siteId: number) {
    const res = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(res.status).toBe(200);
  }

  it("alerts once per crossing of the threshold, not per job, with the link to the bundles", async () => {
    const site = await createJobSite({ price: 20 });
    const client = await createUser({ quota: 0 });
    await setUser(client.userId, { lowBalanceThreshold: 50 });
    const admin = await createUser({ role: "admin" });
    await call("adjust-quota", { userId: client.userId, delta: 70, reason: "test" }, { cookie: admin.cookie });
    await spend(client, site.siteId); // 50: not below
    await run(at(0));
    expect(await notificationsOf(client.userId)).toEqual([]);
    await spend(client, site.siteId); // 30: crossed
    await spend(client, site.siteId); // 10: still below, no new crossing
    await run(at(0));
    await run(at(60_000));
    const alerts = await notificationsOf(client.userId);
    expect(alerts.map((n) => [n.kind, n.link])).toEqual([["low-balance", "/portal/bundle"]]);
    expect(JSON.parse(alerts[0]!.params)).toEqual({ balance: 10, threshold: 50 });
    // Topped up above the threshold, then down again: a new crossing.
    await call("adjust-quota", { userId: client.userId, delta: 60, reason: "top up" }, { cookie: admin.cookie });
    await spend(client, site.siteId); // 50
    await spend(client, site.siteId); // 30: crossed again
    await run(at(0));
    expect((await notificationsOf(client.userId)).map((n) => n.kind)).toEqual(["low-balance", "low-balance"]);
    expect((await mailsTo(client.email)).map((m) => m.mailKind)).toEqual(["low-balance", "low-balance"]);
  });

  it("uses the price of the site the client uses most unless set, and never alerts when turned off (0)", async () => {
    const cheap = await createJobSite({ price: 5 });
    const dear = await createJobSite({ price: 40 });
    const client = await createUser();
    const admin = await createUser({ role: "admin" });
    await call("adjust-quota", { userId: client.userId, delta: 100, reason: "test" }, { cookie: admin.cookie });
    await spend(client, dear.siteId); // 60
    await spend(client, dear.siteId); // 20: below 40, the price of the site used most
    await spend(client, cheap.siteId); // 15
    await run(at(0));
    expect((await notificationsOf(client.userId)).map((n) => JSON.parse(n.params))).toEqual([{ balance: 15, threshold: 40 }]);

    const off = await createUser();
    await setUser(off.userId, { lowBalanceThreshold: 0 });
    await call("adjust-quota", { userId: off.userId, delta: 50, reason: "test" }, { cookie: admin.cookie });
    await spend(off, dear.siteId);
    await run(at(0));
    expect(await notificationsOf(off.userId)).toEqual([]);
  });
});

describe("the cron runs them", () => {
  it("sends the reminders from the frequent schedule, and refuses a schedule it does not have", async () => {
    const client = await createUser();
    await subscribe(client, await createItem(), 3 * DAY);
    const exec = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, exec);
    await waitOnExecutionContext(exec);
    expect((await notificationsOf(client.userId)).map((n) => n.kind)).toEqual(["subscription-ending"]);
    await expect(
      worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }),
        env,
        createExecutionContext(),
      ),
    ).rejects.toThrow(/no cron task runs on/);
  });
});
