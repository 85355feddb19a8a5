import { sql } from "kysely";
import { runBatch, type DB } from "../../db";
import { notFound, type SuccessKey } from "../../errors";
import type { DomainContext, Portal } from "../context";
import type { StripeConfig } from "../stripe/stripe";
import {
  createCustomer,
  createSetupSession,
  detachPaymentMethod,
  retrievePaymentMethod,
  retrieveSetupIntent,
  setupIntent,
  setupSession,
  type StripePaymentMethod,
  type StripeSetupIntent,
} from "../stripe/stripe-cards";

/**
 * Saved cards (docs/decisions/0022-renewals.md): the client types the card on Stripe's Checkout page in
 * setup mode; Stripe's signed events tell which PaymentMethod it saved, and the portal keeps only its id
 * with the brand, last four digits and expiry. The first saved card is the default one renewals charge.
 */

const CARD_COLUMNS = ["paymentMethodId", "brand", "last4", "expMonth", "expYear", "isDefault"] as const;

/** The client's Stripe Customer, made once: racing first setups send Stripe one key and keep one id. */
export async function customerOf(
  { db }: DomainContext,
  config: StripeConfig,
  user: { userId: number; email: string; name: string },
): Promise<string> {
  const stored = await db
    .selectFrom("stripe_customers")
    .select("customerId")
    .where("userId", "=", user.userId)
    .executeTakeFirst();
  if (stored) return stored.customerId;
  const made = await createCustomer(config, user);
  await db
    .insertInto("stripe_customers")
    .values({ userId: user.userId, customerId: made.id })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
  const kept = await db
    .selectFrom("stripe_customers")
    .select("customerId")
    .where("userId", "=", user.userId)
    .executeTakeFirstOrThrow();
  return kept.customerId;
}

/** The URL of a Checkout page in setup mode for the caller; back to the Billing tab either way. */
export async function startCardSetup(
  context: DomainContext,
  config: StripeConfig,
  portal: Portal,
  user: { userId: number; email: string; name: string },
): Promise<string> {
  const customerId = await customerOf(context, config, user);
  const billing = `${portal.origin}/pages/account-settings/billing`;
  const session = await createSetupSession(config, {
    customerId,
    userId: user.userId,
    successUrl: `${billing}?card=saved`,
    cancelUrl: `${billing}?card=cancelled`,
  });
  if (!session.url) throw notFound("cardPaymentsOff", "card_payments_off");
  return session.url;
}

/** Whether a verified event is about saving a card (a setup-mode session or a SetupIntent). */
export const isSetupEvent = (type: string, object: Record<string, unknown>) =>
  (type === "checkout.session.completed" && object.mode === "setup") || type === "setup_intent.succeeded";

/**
 * Stores the card a verified setup event names, once however often (and in whichever order) Stripe sends
 * `checkout.session.completed` and `setup_intent.succeeded`. The card is the client's whose Customer it
 * is attached to: nothing else in the event is trusted to name the user.
 */
export async function settleSetupEvent(
  context: DomainContext,
  config: StripeConfig,
  type: string,
  object: Record<string, unknown>,
): Promise<SuccessKey> {
  let intent: StripeSetupIntent;
  if (type === "setup_intent.succeeded") {
    const parsed = setupIntent.safeParse(object);
    if (!parsed.success) return "eventIgnored";
    intent = parsed.data;
  } else {
    const session = setupSession.safeParse(object);
    if (!session.success || session.data.status !== "complete" || !session.data.setup_intent) return "eventIgnored";
    const id = typeof session.data.setup_intent === "string" ? session.data.setup_intent : session.data.setup_intent.id;
    intent = await retrieveSetupIntent(config, id);
  }
  if (intent.status !== "succeeded" || !intent.customer || !intent.payment_method) return "eventIgnored";
  const owner = await context.db
    .selectFrom("stripe_customers")
    .select("userId")
    .where("customerId", "=", intent.customer)
    .executeTakeFirst();
  if (!owner) return "notOurSession";
  const method: StripePaymentMethod =
    typeof intent.payment_method === "string"
      ? await retrievePaymentMethod(config, intent.payment_method)
      : intent.payment_method;
  if (!method.card || method.customer !== intent.customer) return "eventIgnored";
  await context.db
    .insertInto("payment_methods")
    .values({
      paymentMethodId: method.id,
      userId: owner.userId,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      isDefault: sql<number>`NOT EXISTS (SELECT 1 FROM payment_methods WHERE userId = ${owner.userId} AND isDefault = 1)`,
    })
    .onConflict((oc) => oc.column("paymentMethodId").doNothing())
    .execute();
  return "cardSaved";
}

/** The caller's saved cards, newest first (payment_methods_user). */
export async function cardList(db: DB, userId: number) {
  const rows = await db
    .selectFrom("payment_methods")
    .select(CARD_COLUMNS)
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("paymentMethodId")
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, isDefault: row.isDefault === 1 }));
}

async function ownCard(db: DB, userId: number, paymentMethodId: string) {
  const card = await db
    .selectFrom("payment_methods")
    .select(["paymentMethodId", "isDefault"])
    .where("paymentMethodId", "=", paymentMethodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  // Another client's card is answered as one that does not exist.
  if (!card) throw notFound("noSuchCard", "no_such_card");
  return card;
}

/** Removes a saved card: detached at Stripe first (so it can never be charged), then forgotten here. */
export async function deleteCard(context: DomainContext, config: StripeConfig, userId: number, paymentMethodId: string) {
  await ownCard(context.db, userId, paymentMethodId);
  await detachPaymentMethod(config, paymentMethodId);
  const { db } = context;
  await runBatch(context.d1, [
    db.deleteFrom("payment_methods").where("paymentMethodId", "=", paymentMethodId).where("userId", "=", userId),
    // The newest card left becomes the default when the default was removed.
    db
      .updateTable("payment_methods")
      .set({ isDefault: 1 })
      .where("userId", "=", userId)
      .where("paymentMethodId", "=", (eb) =>
        eb
          .selectFrom("payment_methods")
          .select("paymentMethodId")
          .where("userId", "=", userId)
          .orderBy("createdAt", "desc")
          .orderBy("paymentMethodId")
          .limit(1),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom("payment_methods").select("paymentMethodId").where("userId", "=", userId).where("isDefault", "=", 1)),
        ),
      ),
  ]);
}

/** Makes one of the caller's cards the one renewals charge. */
export async function setDefaultCard({ db }: DomainContext, userId: number, paymentMethodId: string) {
  await ownCard(db, userId, paymentMethodId);
  await db
    .updateTable("payment_methods")
    .set({ isDefault: sql<number>`paymentMethodId = ${paymentMethodId}` })
    .where("userId", "=", userId)
    .execute();
}
