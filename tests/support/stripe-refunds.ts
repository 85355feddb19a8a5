import { randomId } from "./stripe-events";

/**
 * The Refunds API of the Stripe stand-in (https://docs.stripe.com/api/refunds): create a refund of a
 * PaymentIntent, list a PaymentIntent's refunds; and the objects Stripe's refund events carry, shaped
 * after Stripe's published fixtures (github.com/stripe/openapi, openapi/fixtures3.json: `refund`, `charge`).
 * Runs in Node (the stand-in) and in workerd (worker tests building events).
 */

export type RefundStatus = "pending" | "requires_action" | "succeeded" | "failed" | "canceled";

/** A Refund object as Stripe shows it. */
export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { type: "refund" | "reversal" }; type: "card" };
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: string | null;
  source_transfer_reversal: null;
  status: RefundStatus;
  transfer_reversal: null;
  failure_reason?: string;
}

/** A Charge object as a `charge.refunded` event carries it: no `refunds` list (API versions since 2022-11-15). */
export interface StandInCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
}

/** The charge id Stripe gives a PaymentIntent's (single) charge here. */
export const chargeOf = (paymentIntent: string) => `ch_${paymentIntent.replace(/^pi_/, "")}`;

export function newRefund(opts: {
  paymentIntent: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string>;
  reason?: string | null;
  status?: RefundStatus;
}): StandInRefund {
  const status = opts.status ?? "succeeded";
  return {
    id: randomId("re"),
    object: "refund",
    amount: opts.amount,
    balance_transaction: status === "succeeded" ? randomId("txn") : null,
    charge: chargeOf(opts.paymentIntent),
    created: Math.floor(Date.now() / 1000),
    currency: opts.currency,
    destination_details: { card: { type: "refund" }, type: "card" },
    metadata: opts.metadata ?? {},
    payment_intent: opts.paymentIntent,
    reason: opts.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
    ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
  };
}

export function chargeFor(paymentIntent: string, amount: number, currency: string, refunds: StandInRefund[]): StandInCharge {
  const refunded = refunds
    .filter((r) => r.status === "succeeded" || r.status === "pending")
    .reduce((sum, r) => sum + r.amount, 0);
  return {
    id: chargeOf(paymentIntent),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    captured: true,
    currency,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntent,
    refunded: refunded >= amount,
    status: "succeeded",
  };
}
