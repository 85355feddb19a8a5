import * as z from "zod";
import { cardUnavailable, formEncode, StripeNoAnswer, type StripeConfig } from "./stripe";

/**
 * The Stripe calls of saved cards and renewals (docs/decisions/0022-renewals.md), over plain fetch like
 * stripe.ts: a Customer, a Checkout Session in setup mode, a SetupIntent and its PaymentMethod, a detach,
 * and an off-session PaymentIntent. A card's number never reaches the Worker: only Stripe's ids and the
 * brand, last four digits and expiry Stripe shows.
 */

const TIMEOUT_MS = 15_000;

const customer = z.object({ id: z.string().min(1), object: z.literal("customer") });

const cardDetails = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

export const paymentMethod = z.object({
  id: z.string().min(1),
  object: z.literal("payment_method"),
  customer: z.string().nullable(),
  card: cardDetails.nullable().optional(),
});
export type StripePaymentMethod = z.output<typeof paymentMethod>;

/** A SetupIntent (https://docs.stripe.com/api/setup_intents/object): whose card, and which. */
export const setupIntent = z.object({
  id: z.string().min(1),
  object: z.literal("setup_intent"),
  status: z.string(),
  customer: z.string().nullable(),
  payment_method: z.union([z.string(), paymentMethod]).nullable(),
});
export type StripeSetupIntent = z.output<typeof setupIntent>;

/** The fields of a setup-mode Checkout Session the portal reads. */
export const setupSession = z.object({
  id: z.string().min(1),
  object: z.literal("checkout.session"),
  mode: z.literal("setup"),
  url: z.string().nullable().optional(),
  status: z.enum(["open", "complete", "expired"]).nullable(),
  customer: z.string().nullable(),
  setup_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
});

const paymentIntent = z.object({
  id: z.string().min(1),
  object: z.literal("payment_intent"),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type StripePaymentIntent = z.output<typeof paymentIntent>;

/** Stripe refused the charge (https://docs.stripe.com/error-codes): the card's own answer, not an outage. */
export class CardDeclined extends Error {
  constructor(
    readonly code: string,
    readonly paymentIntentId: string | null,
  ) {
    super(`card declined: ${code}`);
  }
}

const stripeError = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().optional(),
    payment_intent: z.object({ id: z.string() }).optional(),
  }),
});

async function call<T>(
  config: StripeConfig,
  path: string,
  answer: z.ZodType<T>,
  init: RequestInit = { method: "GET" },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${config.secretKey}` },
      signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    console.error("stripe: no answer", path, String(error));
    throw new StripeNoAnswer();
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = answer.safeParse(body);
    if (parsed.success) return parsed.data;
    console.error("stripe: unexpected answer", path, parsed.error.message);
    throw cardUnavailable();
  }
  const detail = stripeError.safeParse(body);
  console.error("stripe: refused", path, response.status, detail.success ? JSON.stringify(detail.data.error) : "");
  // A card error (402, or 400 for a card Stripe no longer takes) is the card's answer; the rest is an outage.
  if (detail.success && (response.status === 402 || detail.data.error.type === "card_error")) {
    throw new CardDeclined(detail.data.error.code ?? "card_declined", detail.data.error.payment_intent?.id ?? null);
  }
  throw cardUnavailable();
}

const post = (form: URLSearchParams, idempotencyKey?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
  },
  body: form.toString(),
});

/**
 * Makes a client's Customer; the key (per user) makes two racing first setups make one. It names the email
 * too: two portals on one Stripe account (staging and production, or test files on one stand-in) have
 * users of the same id.
 */
export const createCustomer = (config: StripeConfig, user: { userId: number; email: string; name: string }) =>
  call(
    config,
    "/v1/customers",
    customer,
    post(
      formEncode({ email: user.email, name: user.name, metadata: { userId: user.userId } }),
      `customer:${user.userId}:${user.email}`.slice(0, 255),
    ),
  );

export interface NewSetupSession {
  customerId: string;
  userId: number;
  successUrl: string;
  cancelUrl: string;
}

/** A Checkout Session in setup mode: the client types the card on Stripe's page, Stripe keeps it. */
export const createSetupSession = (config: StripeConfig, setup: NewSetupSession) =>
  call(
    config,
    "/v1/checkout/sessions",
    setupSession,
    post(
      formEncode({
        mode: "setup",
        payment_method_types: ["card"],
        customer: setup.customerId,
        metadata: { userId: setup.userId },
        setup_intent_data: { metadata: { userId: setup.userId } },
        success_url: setup.successUrl,
        cancel_url: setup.cancelUrl,
      }),
    ),
  );

/** A SetupIntent with its PaymentMethod expanded (the card's brand, last four and expiry). */
export const retrieveSetupIntent = (config: StripeConfig, id: string) =>
  call(config, `/v1/setup_intents/${encodeURIComponent(id)}?expand[]=payment_method`, setupIntent);

export const retrievePaymentMethod = (config: StripeConfig, id: string) =>
  call(config, `/v1/payment_methods/${encodeURIComponent(id)}`, paymentMethod);

export const detachPaymentMethod = (config: StripeConfig, id: string) =>
  call(config, `/v1/payment_methods/${encodeURIComponent(id)}/detach`, paymentMethod, post(new URLSearchParams()));

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  /** In Stripe's minor unit. */
  amount: number;
  currency: string;
  referenceId: string;
  description: string;
}

/**
 * Charges a saved card without the client (off_session, confirmed at once). The idempotency key names
 * the renewal period and attempt: a retried cron, an overlapping run or a retry after a timeout sends
 * the same key and gets the same PaymentIntent, never a second charge.
 */
export const chargeOffSession = (config: StripeConfig, charge: OffSessionCharge, idempotencyKey: string) =>
  call(
    config,
    "/v1/payment_intents",
    paymentIntent,
    post(
      formEncode({
        amount: charge.amount,
        currency: charge.currency,
        customer: charge.customerId,
        payment_method: charge.paymentMethodId,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: { referenceId: charge.referenceId },
      }),
      idempotencyKey,
    ),
  );
