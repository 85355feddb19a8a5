import * as z from "zod";
import { conflict, HttpError } from "../../errors";

/**
 * The two Stripe calls the portal makes, over plain fetch with form encoding (the official package
 * would add its weight to every request of the Worker for two calls): create a Checkout Session and
 * retrieve one. Everything else comes to us as signed webhook events.
 */

/** The account's keys and where its API is (http/settings.ts `stripeOf` reads them from the env). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a stand-in in tests (the STRIPE_API_BASE var). */
  apiBase: string;
  /** How long a call may take before the payer is told to try again (TIMEOUT_MS unless set). */
  timeoutMs?: number;
}

/** The fields of a Checkout Session the portal reads (https://docs.stripe.com/api/checkout/sessions/object). */
export const checkoutSession = z.object({
  id: z.string().min(1),
  object: z.literal("checkout.session"),
  url: z.string().nullable().optional(),
  status: z.enum(["open", "complete", "expired"]).nullable(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  expires_at: z.number().int(),
});

export type CheckoutSession = z.output<typeof checkoutSession>;

export const paymentIntentId = (session: CheckoutSession): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding of nested parameters: `line_items[0][price_data][currency]=usd`. */
export function formEncode(params: Record<string, FormValue>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === "object") for (const [name, inner] of Object.entries(value)) add(`${key}[${name}]`, inner);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

export interface SessionLine {
  name: string;
  /** In Stripe's minor unit (see stripe-amount.ts). */
  unitAmount: number;
  quantity: number;
}

export interface NewSession {
  referenceId: string;
  /** Lowercase ISO code, as Stripe writes it. */
  currency: string;
  lines: SessionLine[];
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds, 30 minutes to 24 hours ahead (Stripe's bounds). */
  expiresAt: number;
}

/** How long a call to Stripe may take before the payer is told to try again. */
const TIMEOUT_MS = 15_000;

const stripeError = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional() }),
});

/** A Stripe answer the payer cannot fix: the service is down or answered garbage. */
export const cardUnavailable = () => new HttpError(502, "card_unavailable", "cardUnavailable");

/**
 * Stripe's answer never came (a timeout, a dropped connection): the request may have been carried out,
 * so a retry must send the same idempotency key to get what it made rather than make another.
 */
export class StripeNoAnswer extends HttpError {
  constructor() {
    super(502, "card_unavailable", "cardUnavailable");
  }
}

/** One call to Stripe's API, its answer checked by `answer` (a Checkout Session unless told). */
export async function request<T = CheckoutSession>(
  config: StripeConfig,
  path: string,
  init: RequestInit,
  answer: z.ZodType<T> = checkoutSession as unknown as z.ZodType<T>,
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
  // Stripe refuses what it will always refuse (an amount below its minimum, a currency the account
  // cannot charge): the payer can still pay by transfer. Its own failures may pass: try again.
  if (response.status === 400 || response.status === 402) {
    throw conflict("cardRefused", "card_refused");
  }
  throw cardUnavailable();
}

/**
 * Creates a Checkout Session for one payment. The idempotency key makes a repeated request (a double
 * click, a retry after a timeout) answer the session the first one made instead of making another.
 */
export function createCheckoutSession(config: StripeConfig, session: NewSession, idempotencyKey: string) {
  const form = formEncode({
    mode: "payment",
    payment_method_types: ["card"],
    client_reference_id: session.referenceId,
    metadata: { referenceId: session.referenceId },
    payment_intent_data: { metadata: { referenceId: session.referenceId } },
    line_items: session.lines.map((line) => ({
      quantity: line.quantity,
      price_data: { currency: session.currency, unit_amount: line.unitAmount, product_data: { name: line.name } },
    })),
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    expires_at: session.expiresAt,
  });
  return request(config, "/v1/checkout/sessions", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "idempotency-key": idempotencyKey },
    body: form.toString(),
  });
}

export function retrieveCheckoutSession(config: StripeConfig, sessionId: string) {
  return request(config, `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, { method: "GET" });
}
