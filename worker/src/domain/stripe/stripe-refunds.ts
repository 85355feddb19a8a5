import * as z from "zod";
import { formEncode, request, type StripeConfig } from "./stripe";

/**
 * Stripe's Refunds API (https://docs.stripe.com/api/refunds), over plain fetch like the Checkout calls:
 * create a refund of a PaymentIntent, list a PaymentIntent's refunds (a `charge.refunded` event names
 * the charge, and since API version 2022-11-15 no longer carries its refunds).
 */

export const REFUND_STATUSES = ["pending", "requires_action", "succeeded", "failed", "canceled"] as const;

/** The fields of a Refund the portal reads (https://docs.stripe.com/api/refunds/object). */
export const stripeRefund = z.object({
  id: z.string().min(1),
  object: z.literal("refund"),
  amount: z.number().int().positive(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES).nullable(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  charge: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  reason: z.string().nullable().optional(),
  failure_reason: z.string().nullable().optional(),
});
export type StripeRefund = z.output<typeof stripeRefund>;

/** The fields of a Charge a `charge.refunded` event is read for (https://docs.stripe.com/api/charges/object). */
export const stripeCharge = z.object({
  id: z.string().min(1),
  object: z.literal("charge"),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  amount_refunded: z.number().int(),
  refunds: z
    .object({ data: z.array(stripeRefund) })
    .nullable()
    .optional(),
});

const refundList = z.object({ object: z.literal("list"), data: z.array(stripeRefund), has_more: z.boolean() });

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export interface NewRefund {
  paymentIntentId: string;
  /** In Stripe's minor unit (stripe-amount.ts). */
  amount: number;
  /** Ours: the payment, and the refund row whose key Stripe's events carry back. */
  referenceId: string;
  refundKey: string;
}

/**
 * Refunds part or all of a PaymentIntent. The idempotency key is the refund's own: a retry (a timeout, a
 * replayed request) gets the refund the first one made, never a second one.
 */
export function createRefund(config: StripeConfig, refund: NewRefund, idempotencyKey: string): Promise<StripeRefund> {
  const form = formEncode({
    payment_intent: refund.paymentIntentId,
    amount: refund.amount,
    reason: "requested_by_customer",
    metadata: { referenceId: refund.referenceId, refundKey: refund.refundKey },
  });
  return request(
    config,
    "/v1/refunds",
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "idempotency-key": idempotencyKey },
      body: form.toString(),
    },
    stripeRefund,
  );
}

/** The refunds of a PaymentIntent, newest first (a payment has a handful at most: one page of 100). */
export async function listRefunds(config: StripeConfig, paymentIntentId: string): Promise<StripeRefund[]> {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, limit: "100" });
  const list = await request(config, `/v1/refunds?${query}`, { method: "GET" }, refundList);
  return list.data;
}
