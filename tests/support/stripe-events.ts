/**
 * Stripe's webhook side, for tests: events shaped as Stripe sends them and signed as Stripe signs them
 * (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`), computed here with WebCrypto rather
 * than with the Worker's code. Runs in Node (the stand-in) and in workerd (the worker tests).
 */

/** The secrets the stand-in and the tests share (never used outside tests). */
export const STAND_IN_SECRET_KEY = "sk_test_stand_in";
export const STAND_IN_WEBHOOK_SECRET = "whsec_stand_in";

export type CheckoutEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

/** A Checkout Session object as Stripe shows it (https://docs.stripe.com/api/checkout/sessions/object), the fields the portal reads and a few it does not. */
export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  mode: "payment";
  expires_at: number;
  created: number;
  success_url: string;
  cancel_url: string | null;
  livemode: false;
}

const encoder = new TextEncoder();

export const randomId = (prefix: string) =>
  `${prefix}_test_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** The refund events the portal reads (a Refund, or for `charge.refunded` the Charge). */
export type RefundEventType = "charge.refunded" | "refund.created" | "refund.updated" | "refund.failed";

/** An Event object (https://docs.stripe.com/api/events/object) carrying `session` (or a refund's object). */
export function stripeEvent(type: CheckoutEventType | RefundEventType, session: StandInSession | object) {
  return {
    id: randomId("evt"),
    object: "event",
    api_version: "2025-06-30.basil",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  };
}

export async function stripeSignature(secret: string, payload: string, t: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${payload}`)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The Stripe-Signature header for `payload` signed at `t` with each of `secrets` (a rolling secret signs with two). */
export async function stripeSignatureHeader(
  payload: string,
  t = Math.floor(Date.now() / 1000),
  secrets = [STAND_IN_WEBHOOK_SECRET],
) {
  const signatures = await Promise.all(secrets.map((secret) => stripeSignature(secret, payload, t)));
  return [`t=${t}`, ...signatures.map((v1) => `v1=${v1}`)].join(",");
}
