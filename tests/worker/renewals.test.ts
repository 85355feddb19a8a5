import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { meterD1, newUsage } from "../../worker/src/db/meter";
import { dueRenewals, dueSubscriptions } from "../../worker/src/domain/renewals/renew";
import { badScans, call, createAdmin, createUser, listPlans } from "./helpers";
import {
  customerIdOf,
  DAY,
  intentsOf,
  mailsTo,
  noticesOf,
  renewAt,
  renewalOf,
  saveCard,
  subscriptionFor,
  subscriptionsOf,
} from "./renewal-support";
import { holdNextAnswer } from "./stripe-support";

/** Automatic renewal (issue 40 item 2): one charge per period whatever the cron does, dunning, pay-by-hand. */

const at = (ms: number) => new Date(Date.now() + ms);

const paymentOf = (referenceId: string) =>
  env.DB.prepare("SELECT status, method, amount, invoiceNumber, cardPaymentIntentId FROM payments WHERE referenceId = ?1")
    .bind(referenceId)
    .first<{
      status: string;
      method: string;
      amount: number;
      invoiceNumber: number | null;
      cardPaymentIntentId: string | null;
    }>();

describe("automatic renewal on a saved card", () => {
  it("charges once under ten overlapping cron runs and grants the next period once, with its invoice and receipt", async () => {
    const client = await createUser();
    await saveCard(client);
    const { itemId, subscriptionId, endsAt } = await subscriptionFor(client);
    const now = at(0);
    await Promise.all(Array.from({ length: 10 }, () => renewAt(now)));

    const customerId = await customerIdOf(client.userId);
    const intents = await intentsOf(customerId);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: "succeeded", amount: 1500, off_session: true });
    const renewal = await renewalOf(subscriptionId);
    expect(renewal).toMatchObject({ status: "renewed", attempt: 1 });
    expect(await paymentOf(renewal!.referenceId)).toMatchObject({
      status: "paid",
      method: "card",
      amount: 1500,
      cardPaymentIntentId: intents[0]!.id,
      invoiceNumber: expect.any(Number),
    });
    const subscriptions = await subscriptionsOf(client.userId, itemId);
    expect(subscriptions).toHaveLength(2);
    // The next period runs on from the end of this one, and renews in turn.
    expect(subscriptions[1]!.startsAt).toBe(endsAt);
    expect(subscriptions[1]!.autoRenew).toBe(1);
    const receipts = (await mailsTo(client.email)).filter((m) => m.mailKind === "receipt");
    expect(receipts).toHaveLength(2); // the first purchase's and the renewal's

    // Later runs charge nothing more for this period.
    await renewAt(at(DAY / 4));
    await renewAt(at(DAY));
    expect(await intentsOf(customerId)).toHaveLength(1);
  });

  it("charges once when Stripe's answer never came and a later run retries with the same key", async () => {
    const client = await createUser();
    await saveCard(client);
    const { itemId, subscriptionId } = await subscriptionFor(client);
    const customerId = await customerIdOf(client.userId);
    await holdNextAnswer(customerId, 1500);
    await renewAt(at(0), { timeoutMs: 300 });
    expect(await renewalOf(subscriptionId)).toMatchObject({ status: "charging", attempt: 1 });
    expect(await intentsOf(customerId)).toHaveLength(1);
    // Within the lease nothing is sent again; after it, the same attempt's key.
    await renewAt(at(60_000));
    expect((await renewalOf(subscriptionId))!.status).toBe("charging");
    await renewAt(at(11 * 60_000));
    const renewal = await renewalOf(subscriptionId);
    expect(renewal).toMatchObject({ status: "renewed", attempt: 1 });
    const intents = await intentsOf(customerId);
    expect(intents).toHaveLength(1);
    expect((await paymentOf(renewal!.referenceId))!.cardPaymentIntentId).toBe(intents[0]!.id);
    expect(await subscriptionsOf(client.userId, itemId)).toHaveLength(2);
  });

  it("retries a declined card after 1, 3 and 5 days, telling the client each time, then lets the subscription end", async () => {
    const client = await createUser();
    await saveCard(client, "4000000000000341");
    const { itemId, subscriptionId, endsAt } = await subscriptionFor(client);
    const customerId = await customerIdOf(client.userId);
    const start = at(0);
    await renewAt(start);
    const first = (await renewalOf(subscriptionId))!;
    expect(first).toMatchObject({ status: "retrying", attempt: 1, failure: "card_declined" });
    expect(first.nextTryAt).toBe(new Date(start.getTime() + DAY).toISOString());

    // Not before its date.
    await renewAt(new Date(start.getTime() + DAY / 2));
    expect(await intentsOf(customerId)).toHaveLength(1);

    const expected: Array<[number, string, number | null]> = [
      [DAY + 60_000, "retrying", 3],
      [3 * DAY + 60_000, "retrying", 5],
      [5 * DAY + 60_000, "failed", null],
    ];
    for (const [after, status, nextDays] of expected) {
      await renewAt(new Date(start.getTime() + after));
      const renewal = (await renewalOf(subscriptionId))!;
      expect(renewal.status).toBe(status);
      expect(renewal.nextTryAt).toBe(nextDays === null ? null : new Date(start.getTime() + nextDays * DAY).toISOString());
    }
    await renewAt(new Date(start.getTime() + 8 * DAY));
    const intents = await intentsOf(customerId);
    expect(intents).toHaveLength(4);
    expect(intents.every((intent) => intent.status === "requires_payment_method")).toBe(true);

    const notices = await noticesOf(client.userId);
    expect(notices.map((n) => n.kind)).toEqual(Array(4).fill("renewal-failed"));
    const retries = notices.map((n) => (JSON.parse(n.params) as { retryAt: string | null }).retryAt);
    expect(retries.at(-1)).toBeNull();
    expect(retries.slice(0, 3).every(Boolean)).toBe(true);
    const mails = (await mailsTo(client.email)).filter((m) => m.mailKind === "renewal-failed");
    expect(mails).toHaveLength(4);
    expect(mails[0]!.mailBody).toContain("We will try again on");
    expect(mails[3]!.mailBody).toContain("That was the last try");
    // Nothing was granted: the subscription ends at its date, as without renewal.
    expect(await subscriptionsOf(client.userId, itemId)).toEqual([expect.objectContaining({ subscriptionId, endsAt })]);
  });

  it("mails a link to the payment page when the bank asks for 3-D Secure", async () => {
    const client = await createUser();
    await saveCard(client, "4000002760003184");
    const { subscriptionId } = await subscriptionFor(client);
    await renewAt(at(0));
    const renewal = (await renewalOf(subscriptionId))!;
    expect(renewal).toMatchObject({ status: "retrying", failure: "authentication_required" });
    const [notice] = await noticesOf(client.userId);
    expect(notice!.link).toBe(`/payment/${renewal.referenceId}`);
    const [mail] = (await mailsTo(client.email)).filter((m) => m.mailKind === "renewal-failed");
    expect(mail!.mailSubject).toContain("Confirm the renewal of Pro plan");
    expect(mail!.mailBody).toContain(`https://portal.test/payment/${renewal.referenceId}`);
    // The page offers the card payment, where Stripe runs 3-D Secure.
    const page = await call("payment-detail", { referenceId: renewal.referenceId }, { cookie: client.cookie });
    expect(page.body).toMatchObject({ status: "pending", amount: 1500 });
  });

  it("makes a pending payment and mails its page to a client without a saved card", async () => {
    const client = await createUser();
    const { subscriptionId, endsAt } = await subscriptionFor(client);
    await Promise.all([renewAt(at(0)), renewAt(at(0))]);
    const renewal = (await renewalOf(subscriptionId))!;
    expect(renewal.status).toBe("awaiting_payment");
    const payment = await env.DB.prepare("SELECT status, expiresAt FROM payments WHERE referenceId = ?1")
      .bind(renewal.referenceId)
      .first<{ status: string; expiresAt: string }>();
    expect(payment!.status).toBe("pending");
    expect(payment!.expiresAt >= endsAt).toBe(true);
    const notices = await noticesOf(client.userId);
    expect(notices).toEqual([expect.objectContaining({ kind: "renewal-payment-due", link: `/payment/${renewal.referenceId}` })]);
    const mails = (await mailsTo(client.email)).filter((m) => m.mailKind === "renewal-payment-due");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mailBody).toContain(`https://portal.test/payment/${renewal.referenceId}`);
  });

  it("leaves subscriptions with auto-renew off (the default) alone", async () => {
    const client = await createUser();
    await saveCard(client);
    const { subscriptionId } = await subscriptionFor(client, { autoRenew: false });
    await renewAt(at(0));
    expect(await renewalOf(subscriptionId)).toBeNull();
    expect(await intentsOf(await customerIdOf(client.userId))).toEqual([]);
  });

  it("charges nothing once the account is closed: its cards and automatic renewals go with it", async () => {
    const client = await createUser();
    await saveCard(client);
    const { subscriptionId } = await subscriptionFor(client);
    const admin = await createAdmin();
    expect((await call("deleteuser", { userId: client.userId }, { cookie: admin.cookie })).status).toBe(200);
    await renewAt(at(0));
    expect(await renewalOf(subscriptionId)).toBeNull();
    expect(await intentsOf(await customerIdOf(client.userId))).toEqual([]);
    const cards = await env.DB.prepare("SELECT count(*) AS n FROM payment_methods WHERE userId = ?1")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(cards!.n).toBe(0);
  });

  it("writes at most 40 rows for a renewal", async () => {
    const client = await createUser();
    await saveCard(client);
    const { subscriptionId } = await subscriptionFor(client);
    const usage = newUsage();
    await renewAt(at(0), { d1: meterD1(env.DB, usage) });
    expect((await renewalOf(subscriptionId))!.status).toBe("renewed");
    expect(usage.rowsWritten).toBeGreaterThan(0);
    expect(usage.rowsWritten).toBeLessThanOrEqual(40);
  });

  it("finds due renewals through their partial indexes, a bounded batch", async () => {
    const db = getDb(env.DB);
    const plans = await listPlans([dueSubscriptions(db, new Date(), 50), dueRenewals(db, new Date(), 50)]);
    expect(plans[0]!.plan.join("\n")).toContain("subscriptions_renewal_due");
    expect(plans[1]!.plan.join("\n")).toContain("renewals_due");
    for (const { plan } of plans) expect(badScans(plan)).toEqual([]);
  });
});

describe("update-auto-renew", () => {
  it("turns renewal on and off for the owner, and stops the retries when turned off", async () => {
    const client = await createUser();
    await saveCard(client, "4000000000000341");
    const { subscriptionId } = await subscriptionFor(client, { autoRenew: false });
    const listed = await call("search-subscription", {}, { cookie: client.cookie });
    expect(listed.body.data[0]).toMatchObject({ subscriptionId, autoRenew: false });
    const on = await call("update-auto-renew", { subscriptionId, autoRenew: true }, { cookie: client.cookie });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      message: "This subscription now renews automatically.",
      subscription: { subscriptionId, autoRenew: true },
    });
    await renewAt(at(0));
    expect((await renewalOf(subscriptionId))!.status).toBe("retrying");
    const off = await call("update-auto-renew", { subscriptionId, autoRenew: false }, { cookie: client.cookie });
    expect(off.body.subscription.autoRenew).toBe(false);
    expect(await renewalOf(subscriptionId)).toMatchObject({ status: "failed", failure: "turned_off", nextTryAt: null });
  });

  it("answers 404 for another client's subscription and 409 for one that has ended, changing nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { subscriptionId } = await subscriptionFor(owner, { autoRenew: false });
    const refused = await call("update-auto-renew", { subscriptionId, autoRenew: true }, { cookie: other.cookie });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("no_such_subscription");
    const ended = await subscriptionFor(owner, { autoRenew: false, endsInMs: -DAY });
    const late = await call(
      "update-auto-renew",
      { subscriptionId: ended.subscriptionId, autoRenew: true },
      { cookie: owner.cookie },
    );
    expect(late.status).toBe(409);
    const rows = await env.DB.prepare("SELECT sum(autoRenew) AS n FROM subscriptions WHERE userId = ?1")
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});
