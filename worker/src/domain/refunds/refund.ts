import { randomToken } from "../../auth/crypto";
import { changes, runBatch } from "../../db";
import { badRequest, conflict, HttpError, msg, notFound } from "../../errors";
import { audit, oneRowChanged } from "../audit";
import type { DomainContext, Portal } from "../context";
import { parseLines, type PaymentLine } from "../payments/lines";
import { failRefund, settleRefund } from "./refund-settle";
import type { StripeConfig } from "../stripe/stripe";
import { portalAmount, stripeAmount } from "../stripe/stripe-amount";
import { createRefund, idOf, listRefunds, stripeCharge, stripeRefund, type StripeRefund } from "../stripe/stripe-refunds";

/**
 * Refunds (docs/decisions/0012-refunds-taxes-pdf.md). A refund is first reserved on its payment (the
 * amount it may still refund goes down at once, so refunds never exceed the payment), then made: a card
 * payment's through Stripe's Refunds API, a transfer's by hand (the admin records that the money went
 * back). Once made, refund-settle.ts settles it: a credit note, and what the refunded part granted is
 * taken back.
 */

/** The credit note's lines: the refunded share of each payment line, by largest remainders so they add up. */
export function creditLines(lines: PaymentLine[], amount: number) {
  const total = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const shares = lines.map((l) => (total === 0 ? 0 : (amount * l.lineTotal) / total));
  const gross = shares.map(Math.floor);
  const order = shares.map((share, i) => [share - Math.floor(share), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let left = amount - gross.reduce((a, b) => a + b, 0), k = 0; left > 0; left--, k++)
    gross[order[k % order.length]![1]]! += 1;
  return lines.map((line, i) => {
    const g = gross[i]!;
    // The line's tax in the same proportion, rounded once; net is what remains.
    const tax =
      line.tax !== undefined && line.lineTotal > 0
        ? Math.floor((2 * g * line.tax + line.lineTotal) / (2 * line.lineTotal))
        : undefined;
    return {
      kind: line.kind,
      refId: line.refId,
      name: line.name,
      ...(line.points !== undefined ? { points: line.points } : {}),
      gross: g,
      ...(tax !== undefined ? { net: g - tax, tax } : {}),
    };
  });
}

export interface RefundInput {
  referenceId: string;
  /** Minor units; what is left when absent. */
  amount?: number;
  reason: string;
}

interface RefundablePayment {
  referenceId: string;
  userId: number;
  amount: number;
  currency: string;
  status: string;
  method: string;
  lines: string;
  refundedAmount: number;
  refundPending: number;
  taxAmount: number | null;
  cardPaymentIntentId: string | null;
}

async function loadRefundable({ db }: DomainContext, referenceId: string): Promise<RefundablePayment> {
  const payment = await db
    .selectFrom("payments")
    .select([
      "referenceId",
      "userId",
      "amount",
      "currency",
      "status",
      "method",
      "lines",
      "refundedAmount",
      "refundPending",
      "taxAmount",
      "cardPaymentIntentId",
    ])
    .where("referenceId", "=", referenceId)
    .executeTakeFirst();
  if (!payment) throw notFound("noSuchPayment");
  return payment;
}

export interface Reservation {
  refundKey: string;
  amount: number;
}

/**
 * Reserves `amount` (default: all that is left) of a paid payment for a new pending refund, in one batch:
 * the payment's UPDATE holds only while nothing was refunded or reserved since it was read, so of racing
 * clicks one reserves and the others are told the payment changed; the refund row exists only with it.
 */
export async function reserveRefund(
  context: DomainContext,
  payment: RefundablePayment,
  opts: { amount?: number; reason: string; method: "card" | "manual"; stripeRefundId?: string },
): Promise<Reservation> {
  if (payment.status !== "paid" && payment.status !== "partially_refunded") throw conflict("notRefundable", "not_refundable");
  const left = payment.amount - payment.refundedAmount - payment.refundPending;
  const amount = opts.amount ?? left;
  if (amount <= 0 || amount > left) {
    throw conflict(msg("refundTooLarge", { left: String(left) }), "refund_exceeds_payment");
  }
  const refundKey = randomToken(18);
  const lines = creditLines(parseLines(payment.lines), amount);
  const tax =
    lines.every((l) => l.tax !== undefined) && payment.taxAmount !== null ? lines.reduce((s, l) => s + l.tax!, 0) : null;
  const reserved = payment.refundedAmount + payment.refundPending;
  const [updated] = await runBatch(context.d1, [
    context.d1
      .prepare(
        `UPDATE payments SET refundPending = refundPending + ?1, updatedAt = ?2
         WHERE referenceId = ?3 AND status IN ('paid', 'partially_refunded') AND refundedAmount + refundPending = ?4
           AND amount - refundedAmount - refundPending >= ?1`,
      )
      .bind(amount, new Date().toISOString(), payment.referenceId, reserved),
    context.db
      .insertInto("refunds")
      .columns([
        "refundKey",
        "referenceId",
        "userId",
        "amount",
        "currency",
        "reason",
        "method",
        "status",
        "stripeRefundId",
        "lines",
        "netAmount",
        "taxAmount",
        "actorId",
      ])
      .expression(
        context.db
          .selectNoFrom((eb) => [
            eb.val(refundKey).as("refundKey"),
            eb.val(payment.referenceId).as("referenceId"),
            eb.val(payment.userId).as("userId"),
            eb.val(amount).as("amount"),
            eb.val(payment.currency).as("currency"),
            eb.val(opts.reason).as("reason"),
            eb.val(opts.method).as("method"),
            eb.val("pending").as("status"),
            eb.val(opts.stripeRefundId ?? null).as("stripeRefundId"),
            eb.val(JSON.stringify(lines)).as("lines"),
            eb.val(tax === null ? null : amount - tax).as("netAmount"),
            eb.val(tax).as("taxAmount"),
            eb.val(context.actor.userId).as("actorId"),
          ])
          .where(oneRowChanged),
      ),
  ]);
  if (changes(updated) === 0) throw conflict("paymentChangedMeanwhile", "refund_conflict");
  return { refundKey, amount };
}

export type RefundOutcome = { refundKey: string; status: "succeeded" | "pending" | "failed" };

/**
 * refund-payment: an admin refunds a paid payment in full or in part. A card payment is refunded
 * through Stripe (idempotency key "refund:<refundKey>", the key also in its metadata so the events find
 * the row); any other is recorded as money returned by hand and settled at once.
 */
export async function refundPayment(
  context: DomainContext,
  stripe: StripeConfig | null,
  portal: Portal,
  input: RefundInput,
): Promise<RefundOutcome> {
  const payment = await loadRefundable(context, input.referenceId);
  const byCard = payment.method === "card";
  if (byCard && (!stripe || !payment.cardPaymentIntentId)) throw notFound("cardPaymentsOff", "card_payments_off");
  if (byCard && input.amount !== undefined && stripeAmount(input.amount, payment.currency) === null) {
    throw conflict("cardRefused", "card_refused");
  }
  const { refundKey, amount } = await reserveRefund(context, payment, { ...input, method: byCard ? "card" : "manual" });
  if (!byCard) {
    await settleRefund(context, { refundKey, portal });
    return { refundKey, status: "succeeded" };
  }
  let made: StripeRefund;
  try {
    made = await createRefund(
      stripe!,
      {
        paymentIntentId: payment.cardPaymentIntentId!,
        amount: stripeAmount(amount, payment.currency)!,
        referenceId: payment.referenceId,
        refundKey,
      },
      `refund:${refundKey}`,
    );
  } catch (error) {
    // Stripe refused it for good (4xx): nothing was refunded. No answer at all: Stripe may have made it,
    // and its events will settle the row; until then it stays pending, its amount reserved.
    if (error instanceof HttpError && error.code === "card_refused") {
      await failRefund(context, refundKey, "refused");
      throw conflict("refundRefused", "refund_refused");
    }
    return { refundKey, status: "pending" };
  }
  return applyStripeRefund(context, portal, made, refundKey);
}

/** Stripe's word on one of our refunds (its answer, or an event): settle, fail, or wait for the next word. */
async function applyStripeRefund(
  context: DomainContext,
  portal: Portal,
  refund: StripeRefund,
  refundKey: string,
): Promise<RefundOutcome> {
  if (refund.status === "succeeded") {
    await settleRefund(context, { refundKey, stripeRefundId: refund.id, portal });
    return { refundKey, status: "succeeded" };
  }
  if (refund.status === "failed" || refund.status === "canceled") {
    await failRefund(context, refundKey, refund.failure_reason ?? refund.status);
    return { refundKey, status: "failed" };
  }
  await context.db
    .updateTable("refunds")
    .set({ stripeRefundId: refund.id })
    .where("refundKey", "=", refundKey)
    .where("stripeRefundId", "is", null)
    .execute();
  return { refundKey, status: "pending" };
}

/**
 * A Stripe refund as its events tell it (`refund.created`, `refund.updated`, `refund.failed`, or each refund
 * of a `charge.refunded`): ours (its metadata names our row) takes Stripe's word; one made in Stripe's
 * dashboard is reserved and settled through the same path, once (its Stripe id is UNIQUE on refunds).
 * Answers a success key for the webhook.
 */
export async function applyRefundEvent(
  context: DomainContext,
  portal: Portal,
  refund: StripeRefund,
  paymentIntentId: string,
  onRefunded: (referenceId: string) => void = () => undefined,
): Promise<"refundApplied" | "refundIgnored"> {
  const known = await context.db
    .selectFrom("refunds")
    .select(["refundKey", "status", "referenceId"])
    .where((eb) => eb.or([eb("stripeRefundId", "=", refund.id), eb("refundKey", "=", refund.metadata?.refundKey ?? "\u0000")]))
    .executeTakeFirst();
  if (known) {
    if (known.status === "failed") return "refundIgnored";
    if (known.status === "succeeded" && refund.status !== "failed") return "refundIgnored";
    const applied = await applyStripeRefund(context, portal, refund, known.refundKey);
    if (applied.status === "succeeded") onRefunded(known.referenceId);
    return "refundApplied";
  }
  if (refund.status !== "succeeded") return "refundIgnored";
  const payment = await context.db
    .selectFrom("payments")
    .select("referenceId")
    .where("cardPaymentIntentId", "=", paymentIntentId)
    .executeTakeFirst();
  if (!payment) return "refundIgnored";
  const refundable = await loadRefundable(context, payment.referenceId);
  // Stripe's amount is in its own minor unit (stripe-amount.ts).
  const amount = portalAmount(refund.amount, refundable.currency) ?? undefined;
  if (amount === undefined) return "refundIgnored";
  const stripeContext = { ...context, actor: { ...context.actor, userId: null, email: "stripe-webhook" } };
  const reserved = await reserveRefund(stripeContext, refundable, {
    amount,
    reason: refund.reason ? `Stripe: ${refund.reason}` : "Refunded in Stripe's dashboard",
    method: "card",
    stripeRefundId: refund.id,
  }).catch(async (error: unknown) => {
    // Nothing is left, or a racing delivery of the same refund reserved it first (its insert then broke
    // the UNIQUE Stripe id, and the batch changed nothing).
    if (error instanceof HttpError) return null;
    const raced = await context.db
      .selectFrom("refunds")
      .select("refundId")
      .where("stripeRefundId", "=", refund.id)
      .executeTakeFirst();
    if (raced) return null;
    throw error;
  });
  if (!reserved) return "refundIgnored";
  await settleRefund(stripeContext, { refundKey: reserved.refundKey, stripeRefundId: refund.id, portal });
  onRefunded(payment.referenceId);
  return "refundApplied";
}

/**
 * Refunds in full the card charge Stripe took after the payment was settled another way (the
 * `card-payment-unapplied` case): nothing was granted for it, so there is no credit note to issue and
 * nothing to take back. Its idempotency key is the charge's own, so a double click refunds it once.
 */
export async function refundUnappliedCharge(
  context: DomainContext,
  stripe: StripeConfig | null,
  referenceId: string,
): Promise<void> {
  const payment = await context.db
    .selectFrom("payments")
    .select(["amount", "currency", "strayIntentId"])
    .where("referenceId", "=", referenceId)
    .executeTakeFirst();
  if (!payment) throw notFound("noSuchPayment");
  if (!payment.strayIntentId) throw conflict("noUnappliedCharge", "no_unapplied_charge");
  if (!stripe) throw notFound("cardPaymentsOff", "card_payments_off");
  const intent = payment.strayIntentId;
  const made = await createRefund(
    stripe,
    {
      paymentIntentId: intent,
      amount: stripeAmount(payment.amount, payment.currency)!,
      referenceId,
      refundKey: `unapplied:${intent}`,
    },
    `unapplied:${intent}`,
  ).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === "card_refused") throw conflict("refundRefused", "refund_refused");
    throw error;
  });
  if (made.status === "failed" || made.status === "canceled") throw conflict("refundRefused", "refund_refused");
  await runBatch(context.d1, [
    context.db
      .updateTable("payments")
      .set({ strayIntentId: null })
      .where("referenceId", "=", referenceId)
      .where("strayIntentId", "=", intent),
    audit(
      context,
      {
        action: "refund-unapplied-charge",
        subject: "Payment",
        subjectId: referenceId,
        detail: { paymentIntentId: intent, stripeRefundId: made.id },
      },
      oneRowChanged,
    ),
  ]);
}

/** The Stripe events that tell of refunds: a refund made or changed, or a charge refunded (in the dashboard too). */
export const REFUND_EVENTS = ["charge.refunded", "refund.created", "refund.updated", "refund.failed"] as const;
export type RefundEventType = (typeof REFUND_EVENTS)[number];

/**
 * Applies one verified refund event. A refund event carries the Refund; `charge.refunded` carries the
 * Charge, whose refunds Stripe no longer includes (API versions since 2022-11-15), so they are listed.
 * Each refund then takes the path of applyRefundEvent, once; `onRefunded` hears of each that it settled
 * as succeeded (the `payment.refunded` webhook, decision 0024).
 */
export async function settleRefundEvent(
  context: DomainContext,
  stripe: StripeConfig,
  portal: Portal,
  type: RefundEventType,
  object: Record<string, unknown>,
  onRefunded?: (referenceId: string) => void,
): Promise<"refundApplied" | "refundIgnored"> {
  let refunds: StripeRefund[];
  let intent: string | null;
  if (type === "charge.refunded") {
    const charge = stripeCharge.safeParse(object);
    if (!charge.success) throw badRequest("notARefundEvent", "invalid_event");
    intent = idOf(charge.data.payment_intent);
    if (!intent) return "refundIgnored";
    refunds = charge.data.refunds?.data.length ? charge.data.refunds.data : await listRefunds(stripe, intent);
  } else {
    const refund = stripeRefund.safeParse(object);
    if (!refund.success) throw badRequest("notARefundEvent", "invalid_event");
    intent = idOf(refund.data.payment_intent);
    if (!intent) return "refundIgnored";
    refunds = [refund.data];
  }
  let outcome: "refundApplied" | "refundIgnored" = "refundIgnored";
  // Oldest first, as they were made.
  for (const refund of [...refunds].reverse()) {
    if ((await applyRefundEvent(context, portal, refund, intent, onRefunded)) === "refundApplied") outcome = "refundApplied";
  }
  return outcome;
}
