import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { sendReminders } from "../../worker/src/domain/notifications/reminders";
import { createItem, createUser, type TestUser } from "./helpers";

/**
 * The 7-day and 1-day reminders of a subscription with auto-renew on say it renews, when, and on which
 * card (issue 40): not that it ends. Without auto-renew they say it ends, as before.
 */

const DAY = 86_400_000;
const portal = { siteName: "Portal", origin: "https://portal.test" };
const run = () => sendReminders({ db: getDb(env.DB), d1: env.DB, portal, pepper: env.SESSION_PEPPER, now: new Date() });

async function subscribe(user: TestUser, itemId: number, endsIn: number, autoRenew: boolean) {
  const ends = Date.now() + endsIn;
  await env.DB.prepare(
    "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef, autoRenew) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
  )
    .bind(
      user.userId,
      itemId,
      new Date(ends - 30 * DAY).toISOString(),
      new Date(ends).toISOString(),
      crypto.randomUUID(),
      autoRenew ? 1 : 0,
    )
    .run();
}

async function saveCard(user: TestUser, brand: string, last4: string) {
  await env.DB.prepare(
    "INSERT INTO payment_methods (paymentMethodId, userId, brand, last4, expMonth, expYear, isDefault) VALUES (?1, ?2, ?3, ?4, 12, 2030, 1)",
  )
    .bind(`pm_${crypto.randomUUID().replaceAll("-", "")}`, user.userId, brand, last4)
    .run();
}

const mailsTo = async (email: string) =>
  (
    await env.DB.prepare("SELECT mailSubject, mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = 'subscription-ending'")
      .bind(email)
      .all<{ mailSubject: string; mailBody: string }>()
  ).results;

const bellOf = async (user: TestUser) =>
  (
    await env.DB.prepare("SELECT link, params FROM notifications WHERE userId = ?1 AND kind = 'subscription-ending'")
      .bind(user.userId)
      .all<{ link: string; params: string }>()
  ).results;

describe("reminders of an auto-renewing subscription", () => {
  it.each([
    ["en", "Pro renews in 7 days", "renews automatically on", "charged to your visa card ending in 4242."],
    ["fr", "Pro se renouvelle dans 7 jours", "se renouvelle automatiquement le", "votre carte visa se terminant par 4242."],
    ["ar", "يتجدد Pro خلال 7 أيام", "تلقائيًا في", "بطاقتك visa المنتهية بـ 4242."],
  ])("in %s: says it renews, when, and on which card", async (language, subject, when, card) => {
    const client = await createUser();
    await env.DB.prepare("UPDATE users SET mailLanguage = ?2 WHERE userId = ?1").bind(client.userId, language).run();
    await saveCard(client, "visa", "4242");
    await subscribe(client, await createItem({ name: "Pro" }), 6.5 * DAY, true);
    await run();
    const [mail] = await mailsTo(client.email);
    expect(mail!.mailSubject).toBe(`Portal: ${subject}`);
    expect(mail!.mailBody).toContain(when);
    expect(mail!.mailBody).toContain(card);
    expect(mail!.mailBody).toContain("https://portal.test/pages/account-settings/billing");
    const [bell] = await bellOf(client);
    expect(bell!.link).toBe("/pages/account-settings/billing");
    expect(JSON.parse(bell!.params)).toMatchObject({ renews: { card: { brand: "visa", last4: "4242" } } });
  });

  it("without a saved card, says the payment page will come; without auto-renew, says it ends", async () => {
    const renewing = await createUser();
    await subscribe(renewing, await createItem({ name: "Pro" }), 6.5 * DAY, true);
    const ending = await createUser();
    await saveCard(ending, "visa", "4242");
    await subscribe(ending, await createItem({ name: "Pro" }), 6.5 * DAY, false);
    await run();
    const [noCard] = await mailsTo(renewing.email);
    expect(noCard!.mailSubject).toBe("Portal: Pro renews in 7 days");
    expect(noCard!.mailBody).toContain("No card is saved: we will mail you its payment page.");
    const [ends] = await mailsTo(ending.email);
    expect(ends!.mailSubject).toBe("Portal: Pro ends in 7 days");
    expect(ends!.mailBody).not.toContain("renews");
    expect((await bellOf(ending))[0]!.link).toMatch(/^\/payment\/payment\?kind=item/);
  });
});
