import { describe, expect, inject, it } from "vitest";
import { HttpError } from "../../worker/src/errors";
import { stripeOf } from "../../worker/src/http/settings";
import { stripeAmount } from "../../worker/src/domain/stripe/stripe-amount";
import {
  createCheckoutSession,
  formEncode,
  retrieveCheckoutSession,
  type NewSession,
  type StripeConfig,
} from "../../worker/src/domain/stripe/stripe";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from "../support/stripe-events";
import { standInRequests } from "./stripe-support";

const config: StripeConfig = {
  secretKey: STAND_IN_SECRET_KEY,
  webhookSecret: STAND_IN_WEBHOOK_SECRET,
  apiBase: inject("stripeApiBase"),
};
const soon = () => Math.floor(Date.now() / 1000) + 3600;
let counter = 0;

function newSession(overrides: Partial<NewSession> = {}): NewSession {
  counter += 1;
  return {
    referenceId: `client-test-reference-${counter}-${Math.random().toString(36).slice(2)}`,
    currency: "usd",
    lines: [
      { name: "120 points", unitAmount: 1200, quantity: 2 },
      { name: "Pro plan", unitAmount: 990, quantity: 1 },
    ],
    successUrl: "http://portal.test/payment/ref?card=return",
    cancelUrl: "http://portal.test/payment/ref?card=cancelled",
    expiresAt: soon(),
    ...overrides,
  };
}

async function refuseNext(referenceId: string, status: number, type: string) {
  await fetch(`${config.apiBase}/__stand-in/refuse`, { method: "POST", body: JSON.stringify({ referenceId, status, type }) });
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("Stripe amounts", () => {
  it("converts the portal's minor unit to Stripe's, refusing what Stripe cannot charge exactly", () => {
    expect(stripeAmount(2490, "USD")).toBe(2490);
    expect(stripeAmount(2490, "eur")).toBe(2490);
    // Zero-decimal: the same number of yen.
    expect(stripeAmount(500, "JPY")).toBe(500);
    expect(stripeAmount(500, "KRW")).toBe(500);
    // ISK has no decimals for the portal but two in Stripe's API.
    expect(stripeAmount(500, "ISK")).toBe(50_000);
    // Three-decimal currencies must end in 0.
    expect(stripeAmount(1250, "KWD")).toBe(1250);
    expect(stripeAmount(1255, "KWD")).toBeNull();
    expect(stripeAmount(0, "USD")).toBe(0);
    expect(stripeAmount(100, "NOT-A-CURRENCY")).toBeNull();
  });
});

describe("Stripe form encoding", () => {
  it("writes nested parameters the way Stripe reads them", () => {
    const form = formEncode({
      mode: "payment",
      metadata: { referenceId: "abc" },
      line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 1200, product_data: { name: "A & B" } } }],
      skipped: undefined,
    });
    expect([...form]).toEqual([
      ["mode", "payment"],
      ["metadata[referenceId]", "abc"],
      ["line_items[0][quantity]", "2"],
      ["line_items[0][price_data][currency]", "usd"],
      ["line_items[0][price_data][unit_amount]", "1200"],
      ["line_items[0][price_data][product_data][name]", "A & B"],
    ]);
  });
});

describe("Stripe configuration", () => {
  it("is on only with both secrets, and defaults to Stripe's API", () => {
    const base = { STRIPE_API_BASE: "" } as Env;
    expect(stripeOf(base)).toBeNull();
    expect(stripeOf({ ...base, STRIPE_SECRET_KEY: "sk_x" })).toBeNull();
    expect(stripeOf({ ...base, STRIPE_WEBHOOK_SECRET: "whsec_x" })).toBeNull();
    expect(stripeOf({ ...base, STRIPE_SECRET_KEY: "sk_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual({
      secretKey: "sk_x",
      webhookSecret: "whsec_x",
      apiBase: "https://api.stripe.com",
    });
  });
});

describe("Stripe client against the stand-in", () => {
  it("creates a Checkout Session with the lines, reference, URLs and idempotency key, and retrieves it", async () => {
    const request = newSession();
    const session = await createCheckoutSession(config, request, `checkout:${request.referenceId}:1`);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 2 * 1200 + 990,
      currency: "usd",
      client_reference_id: request.referenceId,
      metadata: { referenceId: request.referenceId },
      expires_at: request.expiresAt,
    });
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    const [sent] = await standInRequests(config.apiBase, request.referenceId);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: `checkout:${request.referenceId}:1`,
      authorization: `Bearer ${STAND_IN_SECRET_KEY}`,
    });
    expect(sent!.form).toMatchObject({
      mode: "payment",
      "payment_method_types[0]": "card",
      client_reference_id: request.referenceId,
      "metadata[referenceId]": request.referenceId,
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1200",
      "line_items[0][price_data][product_data][name]": "120 points",
      "line_items[0][quantity]": "2",
      "line_items[1][price_data][product_data][name]": "Pro plan",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(request.expiresAt),
    });
    expect(await retrieveCheckoutSession(config, session.id)).toEqual(session);
  });

  it("answers the same session for a repeated idempotency key", async () => {
    const request = newSession();
    const first = await createCheckoutSession(config, request, `checkout:${request.referenceId}:1`);
    const again = await createCheckoutSession(config, request, `checkout:${request.referenceId}:1`);
    expect(again.id).toBe(first.id);
  });

  it("turns what Stripe refuses into a 409, and an unreachable or failing Stripe into a 502", async () => {
    const refused = newSession();
    await refuseNext(refused.referenceId, 400, "invalid_request_error");
    expect(await failure(createCheckoutSession(config, refused, `k:${refused.referenceId}`))).toMatchObject({
      status: 409,
      code: "card_refused",
    });

    const broken = newSession();
    await refuseNext(broken.referenceId, 500, "api_error");
    expect(await failure(createCheckoutSession(config, broken, `k:${broken.referenceId}`))).toMatchObject({
      status: 502,
      code: "card_unavailable",
    });

    const wrongKey = { ...config, secretKey: "sk_test_wrong" };
    const unauthorized = newSession();
    expect(await failure(createCheckoutSession(wrongKey, unauthorized, `k:${unauthorized.referenceId}`))).toMatchObject({
      status: 502,
    });

    const nowhere = { ...config, apiBase: "http://127.0.0.1:9" };
    expect(await failure(retrieveCheckoutSession(nowhere, "cs_test_x"))).toMatchObject({ status: 502 });
    expect(await failure(retrieveCheckoutSession(config, "cs_test_unknown"))).toMatchObject({ status: 502 });
  });
});
