import { sql } from "kysely";
import type { ColumnsOf } from "../../db/rows";
import { conflict, HttpError, notFound, type SuccessKey } from "../../errors";
import { audit } from "../audit";
import type { DomainContext, Portal } from "../context";
import { grantPayment } from "../payments/grant";
import type { SellerBlock } from "../storesettings/settings";
import { parseLines } from "../payments/lines";
import {
  cardUnavailable,
  createCheckoutSession,
  paymentIntentId,
  retrieveCheckoutSession,
  StripeNoAnswer,
  type CheckoutSession,
  type StripeConfig,
} from "./stripe";
import { stripeAmount } from "./stripe-amount";

/**
 * Card payments with Stripe Checkout (docs/decisions/0011-card-payments.md). The payer pays on Stripe's
 * page, so no card data reaches the Worker; Stripe's signed events settle the payment through the same
 * exactly-once grant as an admin's confirmation.
 */

const MINUTE = 60_000;
/** Stripe takes a session expiry between 30 minutes and 24 hours ahead; these keep a margin for the trip. */
const SESSION_MIN_MS = 31 * MINUTE;
const SESSION_MAX_MS = 24 * 60 * MINUTE - 5 * MINUTE;

/** What a card payment's calls read of the payment. */
const CARD_COLUMNS = [
  "referenceId",
  "amount",
  "currency",
  "status",
  "lines",
  "expiresAt",
  "method",
  "cardAttempt",
  "cardSessionId",
  "cardSessionExpiresAt",
  "cardPaymentIntentId",
] as const;

type CardRow = ColumnsOf<"payments", typeof CARD_COLUMNS>;

async function loadCardRow({ db }: DomainContext, referenceId: string): Promise<CardRow | undefined> {
  return db.selectFrom("payments").select(CARD_COLUMNS).where("referenceId", "=", referenceId).executeTakeFirst();
}

/** The lines as Stripe line items in Stripe's minor unit, or null when Stripe cannot charge them exactly. */
function stripeLines(payment: { amount: number; currency: string; lines: string }) {
  const total = stripeAmount(payment.amount, payment.currency);
  if (!total) return null;
  const lines = parseLines(payment.lines).map((line) => {
    // A taxed line's gross need not be a multiple of its quantity: Stripe gets the line's total as one unit.
    const whole = line.lineTotal !== line.unitPrice * line.qty;
    return {
      name: whole && line.qty > 1 ? `${line.qty} × ${line.name}` : line.name,
      unitAmount: stripeAmount(whole ? line.lineTotal : line.unitPrice, payment.currency),
      quantity: whole ? 1 : line.qty,
    };
  });
  if (lines.some((line) => line.unitAmount === null)) return null;
  return lines as Array<{ name: string; unitAmount: number; quantity: number }>;
}

/** Whether the payment page should offer "Pay by card" for this payment. */
export function cardPayable(
  config: StripeConfig | null,
  payment: { amount: number; currency: string; lines: string; status: string; expiresAt: string },
  now = new Date(),
): boolean {
  return (
    config !== null && payment.status === "pending" && payment.expiresAt > now.toISOString() && stripeLines(payment) !== null
  );
}

function refuseClosed(payment: CardRow, now: Date): void {
  if (payment.status === "paid") throw conflict("alreadyPaid", "already_paid");
  if (payment.status === "awaiting_confirmation") throw conflict("awaitingConfirmation", "awaiting_confirmation");
  if (payment.status !== "pending" || payment.expiresAt <= now.toISOString()) throw conflict("paymentNotOpen", "payment_closed");
}

/** The session's expiry: the payment's, within Stripe's bounds, to the second (Stripe counts seconds). */
function sessionExpiry(paymentExpiresAt: string, now: Date): string {
  const wanted = Date.parse(paymentExpiresAt);
  const at = Math.min(Math.max(wanted, now.getTime() + SESSION_MIN_MS), now.getTime() + SESSION_MAX_MS);
  return new Date(Math.floor(at / 1000) * 1000).toISOString();
}

/**
 * Takes the next Checkout Session attempt for the payment unless another request just did: whoever
 * wins, every racer then reads the same attempt and expiry, so they send Stripe the same idempotency key
 * with the same parameters and get the same session. The payment stays open at least as long as its
 * session (a payment about to expire gets the 31 minutes Stripe's shortest session lasts).
 */
async function reserveAttempt(context: DomainContext, payment: CardRow, now: Date): Promise<CardRow> {
  const expiresAt = sessionExpiry(payment.expiresAt, now);
  await context.db
    .updateTable("payments")
    .set((eb) => ({
      cardAttempt: eb("cardAttempt", "+", 1),
      cardSessionId: null,
      cardSessionExpiresAt: expiresAt,
      expiresAt: eb.fn<string>("max", ["expiresAt", eb.val(expiresAt)]),
      updatedAt: now.toISOString(),
    }))
    .where("referenceId", "=", payment.referenceId)
    .where("status", "=", "pending")
    .where("cardAttempt", "=", payment.cardAttempt)
    .execute();
  const reserved = await loadCardRow(context, payment.referenceId);
  if (!reserved) throw notFound("noSuchPayment");
  refuseClosed(reserved, now);
  return reserved;
}

/** A reserved attempt whose session was never made can be made now, if Stripe still takes its expiry. */
const reservationUsable = (payment: CardRow, now: Date) =>
  payment.cardAttempt > 0 &&
  payment.cardSessionId === null &&
  payment.cardSessionExpiresAt !== null &&
  Date.parse(payment.cardSessionExpiresAt) >= now.getTime() + SESSION_MIN_MS;

/**
 * The URL of the payment's Stripe Checkout page: its open session when it has one (a second click, a
 * payer coming back), else a new session. A session already paid answers 409 `card_processing`: the
 * money is taken and Stripe's event is on its way.
 */
export async function startCardPayment(
  context: DomainContext,
  config: StripeConfig,
  portal: Portal,
  referenceId: string,
  now = new Date(),
): Promise<string> {
  let payment = await loadCardRow(context, referenceId);
  if (!payment) throw notFound("noSuchPayment");
  refuseClosed(payment, now);
  const lines = stripeLines(payment);
  if (!lines) throw conflict("cardRefused", "card_refused");

  if (payment.cardSessionId) {
    const current = await retrieveCheckoutSession(config, payment.cardSessionId);
    if (current.status === "open" && current.url) return current.url;
    if (current.status === "complete") {
      throw conflict("cardProcessing", "card_processing");
    }
  }
  if (!reservationUsable(payment, now)) payment = await reserveAttempt(context, payment, now);
  if (payment.cardSessionId) {
    // A racing request made the session meanwhile.
    const made = await retrieveCheckoutSession(config, payment.cardSessionId);
    if (made.status === "open" && made.url) return made.url;
  }
  const page = `${portal.origin}/payment/${referenceId}`;
  const attempt = payment.cardAttempt;
  const session = await createCheckoutSession(
    config,
    {
      referenceId,
      currency: payment.currency.toLowerCase(),
      lines,
      successUrl: `${page}?card=return`,
      cancelUrl: `${page}?card=cancelled`,
      expiresAt: Date.parse(payment.cardSessionExpiresAt!) / 1000,
    },
    `checkout:${referenceId}:${attempt}`,
  ).catch(async (error: unknown) => {
    // No answer: Stripe may have made the session, so the next click sends this attempt's key again and
    // gets that session rather than a second one left open at Stripe (issue 30).
    if (error instanceof StripeNoAnswer) throw error;
    // Stripe answers a key it failed on with the same failure for a day: the next try takes a new attempt.
    await context.db
      .updateTable("payments")
      .set({ cardSessionExpiresAt: null })
      .where("referenceId", "=", referenceId)
      .where("cardAttempt", "=", attempt)
      .where("cardSessionId", "is", null)
      .execute();
    throw error;
  });
  await context.db
    .updateTable("payments")
    .set({ cardSessionId: session.id })
    .where("referenceId", "=", referenceId)
    .where("cardAttempt", "=", attempt)
    .where((eb) => eb.or([eb("cardSessionId", "is", null), eb("cardSessionId", "=", session.id)]))
    .execute();
  if (session.status !== "open" || !session.url) {
    throw cardUnavailable();
  }
  return session.url;
}

/** The Checkout Session events the portal acts on; Stripe may send others, which are acknowledged and ignored. */
export const CARD_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
] as const;
export type CardEventType = (typeof CARD_EVENTS)[number];

/**
 * Applies one verified Stripe event to the payment its session was made for. The session must be the
 * one the payment recorded, name the payment twice (client_reference_id and metadata), and carry the
 * payment's frozen amount and currency; only then does a paid session grant, exactly once. Answers the
 * webhook's message (a success key); throws (nothing changed) when the event does not fit its payment.
 */
export async function settleCardEvent(
  context: DomainContext,
  { portal, seller }: { portal: Portal; seller: SellerBlock },
  type: CardEventType,
  session: CheckoutSession,
): Promise<SuccessKey> {
  const referenceId = session.client_reference_id;
  if (!referenceId && !session.metadata?.referenceId) return "notOurSession";
  if (referenceId !== session.metadata?.referenceId) {
    throw new HttpError(400, "reference_mismatch", "referenceMismatch");
  }
  const payment = await loadCardRow(context, referenceId);
  const settles = type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded";
  const paid = settles && session.payment_status === "paid";
  if (!payment || payment.cardSessionId !== session.id) {
    // Money taken on a session the portal does not know for this payment (one left open by an attempt
    // whose answer never came, or a payment that is gone): nothing is granted, the charge is recorded
    // for a refund, and Stripe is told to stop sending it.
    if (paid) {
      await recordUnappliedCharge(
        context,
        referenceId,
        session,
        payment ? "unknown-session" : "unknown-payment",
        payment?.status,
      );
      return "unknownSessionRecorded";
    }
    if (!payment) return "notOurPayment";
    if (!settles) return "notCurrentSession";
    throw conflict("sessionMismatch", "session_mismatch");
  }
  if (type === "checkout.session.expired" || type === "checkout.session.async_payment_failed") {
    // The payer may start again: the next "Pay by card" makes a new session.
    await context.db
      .updateTable("payments")
      .set({ cardSessionId: null, cardSessionExpiresAt: null })
      .where("referenceId", "=", referenceId)
      .where("cardSessionId", "=", session.id)
      .where("status", "!=", "paid")
      .execute();
    return type === "checkout.session.expired" ? "cardSessionExpired" : "cardPaymentFailed";
  }
  if (
    session.amount_total !== stripeAmount(payment.amount, payment.currency) ||
    session.currency !== payment.currency.toLowerCase()
  ) {
    throw new HttpError(400, "amount_mismatch", "amountMismatch");
  }
  if (session.payment_status !== "paid") return "awaitingCardConfirmation";

  const card = { sessionId: session.id, paymentIntentId: paymentIntentId(session) };
  const outcome = await grantPayment(context, { referenceId, amount: payment.amount, card, portal, seller });
  if (outcome === "granted") return "paymentRecorded";
  const after = await loadCardRow(context, referenceId);
  if (after?.status === "paid" && after.method === "card" && after.cardSessionId === session.id) {
    // A replay of the event that granted it: answered as success, so Stripe stops sending it.
    return "paymentAlreadyRecorded";
  }
  // Paid by card, but the payment was settled another way meanwhile (an admin confirmed a transfer),
  // cancelled, or its buyer's account closed: nothing is granted twice or to a closed account; the
  // audit log and the payments list tell the admins which charge to refund.
  const closed = await context.db
    .selectFrom("payments as p")
    .innerJoin("users as u", "u.userId", "p.userId")
    .select("u.deletedAt")
    .where("p.referenceId", "=", referenceId)
    .executeTakeFirst();
  await recordUnappliedCharge(
    context,
    referenceId,
    session,
    closed?.deletedAt ? "account-closed" : "settled-another-way",
    after?.status,
  );
  return "settledAnotherWay";
}

/** Why a card charge was not applied to its payment and waits for a refund. */
export type UnappliedReason = "settled-another-way" | "account-closed" | "unknown-session" | "unknown-payment";

/** The audit action of a card charge to refund; the payments list shows these rows. */
export const UNAPPLIED_CHARGE = "card-payment-unapplied";

/**
 * Records a card charge that granted nothing, for an admin to refund: one audit row per Checkout
 * Session however often Stripe replays its event, so nobody refunds the same charge twice. Stripe's
 * event acts here, whoever's request carried it.
 */
async function recordUnappliedCharge(
  context: DomainContext,
  referenceId: string,
  session: CheckoutSession,
  reason: UnappliedReason,
  status: string | undefined,
): Promise<void> {
  const stripe = { ...context, actor: { ...context.actor, userId: null, email: "stripe-webhook" } };
  const intent = paymentIntentId(session);
  // The payments list offers to refund the charge (refund-payment with unappliedCharge): the first one
  // of a payment is kept there; every one is in the audit log.
  if (intent) {
    await context.db
      .updateTable("payments")
      .set({ strayIntentId: intent })
      .where("referenceId", "=", referenceId)
      .where("strayIntentId", "is", null)
      .execute();
  }
  const firstForSession = sql<boolean>`NOT EXISTS (SELECT 1 FROM audit_log WHERE action = ${UNAPPLIED_CHARGE}
    AND subjectId = ${referenceId} AND json_extract(detail, '$.sessionId') = ${session.id})`;
  await audit(
    stripe,
    {
      action: UNAPPLIED_CHARGE,
      subject: "Payment",
      subjectId: referenceId,
      outcome: "failed",
      detail: {
        reason,
        status: status ?? null,
        sessionId: session.id,
        paymentIntentId: intent,
        amount: session.amount_total,
        currency: session.currency,
      },
    },
    firstForSession,
  ).execute();
}
