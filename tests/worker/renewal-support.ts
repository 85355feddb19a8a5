import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { getDb } from "../../worker/src/db";
import { renewSubscriptions } from "../../worker/src/domain/renewals/renew";
import { sellerBlockOf } from "../../worker/src/domain/storesettings/settings";
import { storeDefaultsOf, stripeOf } from "../../worker/src/http/settings";
import type { StandInPaymentIntent, TestCard } from "../support/stripe-cards";
import { STAND_IN_SECRET_KEY } from "../support/stripe-events";
import { call, createAdmin, createItem, type TestUser } from "./helpers";
import { postEvent, stripeEnv } from "./stripe-support";

export const DAY = 86_400_000;
export const portal = { siteName: "Portal", origin: "https://portal.test" };
const standIn = () => inject("stripeApiBase");

/** An API read at the stand-in, as the Worker makes it. */
export async function stripeGet<T>(path: string): Promise<T> {
  const res = await fetch(`${standIn()}${path}`, { headers: { authorization: `Bearer ${STAND_IN_SECRET_KEY}` } });
  return (await res.json()) as T;
}

/**
 * Saves `card` for the client as the Billing tab does: start-card-setup, "Save card" on the stand-in's
 * page, then Stripe's signed `checkout.session.completed`. Answers the session and the webhook's answer.
 */
export async function saveCard(client: TestUser, card: TestCard = "4242424242424242") {
  const started = await call("start-card-setup", {}, { cookie: client.cookie, env: stripeEnv() });
  if (started.status !== 200) throw new Error(`start-card-setup failed: ${JSON.stringify(started.body)}`);
  const url: string = started.body.url;
  const saved = await fetch(`${url}/save`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }).toString(),
    redirect: "manual",
  });
  if (saved.status !== 303) throw new Error(`the stand-in did not save the card: ${saved.status}`);
  const session = await stripeGet<Record<string, unknown>>(`/v1/checkout/sessions/${url.split("/").pop()}`);
  const event = await postEvent("checkout.session.completed", session);
  return { url, session, event, redirectedTo: saved.headers.get("location") };
}

/** The client's customer id (made by their first card setup). */
export async function customerIdOf(userId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT customerId FROM stripe_customers WHERE userId = ?1")
    .bind(userId)
    .first<{ customerId: string }>();
  return row!.customerId;
}

/** Every PaymentIntent the stand-in made for a Customer. */
export async function intentsOf(customerId: string): Promise<StandInPaymentIntent[]> {
  const all = (await (await fetch(`${standIn()}/__stand-in/payment-intents`)).json()) as StandInPaymentIntent[];
  return all.filter((intent) => intent.customer === customerId);
}

/** A client's item subscription bought by an admin, ending `endsInMs` from now, with autoRenew as told. */
export async function subscriptionFor(client: TestUser, opts: { endsInMs?: number; autoRenew?: boolean; price?: number } = {}) {
  const admin = await createAdmin();
  const itemId = await createItem({ name: "Pro plan", price: opts.price ?? 1500, days: 30 });
  const bought = await call(
    "add-payment",
    { userId: client.userId, lines: [{ kind: "item", refId: itemId, qty: 1 }] },
    { cookie: admin.cookie },
  );
  if (bought.status !== 200) throw new Error(`add-payment failed: ${JSON.stringify(bought.body)}`);
  const row = await env.DB.prepare("SELECT subscriptionId FROM subscriptions WHERE userId = ?1 AND itemId = ?2")
    .bind(client.userId, itemId)
    .first<{ subscriptionId: number }>();
  const subscriptionId = row!.subscriptionId;
  const endsAt = new Date(Date.now() + (opts.endsInMs ?? DAY / 2)).toISOString();
  const startsAt = new Date(Date.parse(endsAt) - 30 * DAY).toISOString();
  await env.DB.prepare("UPDATE subscriptions SET startsAt = ?2, endsAt = ?3 WHERE subscriptionId = ?1")
    .bind(subscriptionId, startsAt, endsAt)
    .run();
  if (opts.autoRenew !== false) {
    const on = await call("update-auto-renew", { subscriptionId, autoRenew: true }, { cookie: client.cookie });
    if (on.status !== 200) throw new Error(`update-auto-renew failed: ${JSON.stringify(on.body)}`);
  }
  return { itemId, subscriptionId, endsAt };
}

/** One cron step of renewals at `now`, with card payments on (a short timeout for timeout tests). */
export function renewAt(now: Date, opts: { timeoutMs?: number; d1?: D1Database; stripe?: boolean } = {}) {
  const d1 = opts.d1 ?? env.DB;
  const stripe =
    opts.stripe === false ? null : { ...stripeOf(stripeEnv())!, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) };
  return renewSubscriptions({
    db: getDb(d1),
    d1,
    portal,
    stripe,
    tax: null,
    seller: sellerBlockOf(storeDefaultsOf(env)),
    currency: env.CURRENCY,
    expiryHours: storeDefaultsOf(env).paymentExpiryHours,
    now,
  });
}

export const renewalOf = (subscriptionId: number) =>
  env.DB.prepare("SELECT * FROM renewals WHERE subscriptionId = ?1").bind(subscriptionId).first<{
    renewalId: number;
    referenceId: string;
    status: string;
    attempt: number;
    nextTryAt: string | null;
    failure: string | null;
    createdAt: string;
  }>();

export const subscriptionsOf = async (userId: number, itemId: number) =>
  (
    await env.DB.prepare(
      "SELECT subscriptionId, startsAt, endsAt, autoRenew FROM subscriptions WHERE userId = ?1 AND itemId = ?2 ORDER BY endsAt",
    )
      .bind(userId, itemId)
      .all<{ subscriptionId: number; startsAt: string; endsAt: string; autoRenew: number }>()
  ).results;

export const noticesOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT kind, occasion, params, link FROM notifications WHERE userId = ?1 AND kind LIKE 'renewal-%' ORDER BY notificationId",
    )
      .bind(userId)
      .all<{ kind: string; occasion: string; params: string; link: string }>()
  ).results;

export const mailsTo = async (email: string) =>
  (
    await env.DB.prepare("SELECT mailKind, mailSubject, mailBody FROM outbox WHERE toEmail = ?1 ORDER BY mailId")
      .bind(email)
      .all<{ mailKind: string; mailSubject: string; mailBody: string }>()
  ).results;
