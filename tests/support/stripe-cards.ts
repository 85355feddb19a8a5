import { randomId } from "./stripe-events";

/**
 * Saved cards and off-session charges for the Stripe stand-in (stripe-stand-in.ts): Customers, Checkout
 * Sessions in setup mode with their hosted page, SetupIntents, PaymentMethods (retrieve, detach) and
 * PaymentIntents confirmed off-session, with Stripe's shapes, idempotency and test cards
 * (https://docs.stripe.com/testing#cards): 4242… succeeds; 0341 saves but every charge is declined
 * (`card_declined`); 3184 asks for 3-D Secure on every charge (`authentication_required` off-session).
 */

type Nested = { [key: string]: Nested | string };

interface Answer {
  status: number;
  body: unknown;
}

export const TEST_CARDS = {
  "4242424242424242": { last4: "4242", charge: "succeeds" },
  "4000000000000341": { last4: "0341", charge: "card_declined" },
  "4000002760003184": { last4: "3184", charge: "authentication_required" },
} as const;
export type TestCard = keyof typeof TEST_CARDS;

export interface StandInPaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** Not Stripe's: the test card it was made from. */
  testCard: TestCard;
}

export interface StandInSetupSession {
  id: string;
  object: "checkout.session";
  mode: "setup";
  url: string | null;
  status: "open" | "complete" | "expired";
  customer: string;
  setup_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  payment_status: "no_payment_required";
}

export interface StandInPaymentIntent {
  id: string;
  object: "payment_intent";
  status: "succeeded" | "requires_payment_method";
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  metadata: Record<string, string>;
  off_session: boolean;
}

const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const missing = (kind: string, id: string) =>
  error(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing" });
const text = (params: Nested, name: string) => (typeof params[name] === "string" ? (params[name] as string) : "");

/** The cards part of the stand-in; `deliver` sends a signed event to the portal's webhook (when one is set). */
export function standInCards(deliver: (type: string, object: object) => Promise<void>) {
  const customers = new Map<string, { id: string; object: "customer"; email: string; metadata: Record<string, string> }>();
  const setupSessions = new Map<string, StandInSetupSession>();
  const setupIntents = new Map<
    string,
    {
      id: string;
      object: "setup_intent";
      status: "succeeded";
      customer: string;
      payment_method: string;
      usage: "off_session";
      metadata: Record<string, string>;
    }
  >();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const paymentIntents: StandInPaymentIntent[] = [];

  function createSetupSession(base: string, params: Nested): Answer {
    const customer = text(params, "customer");
    if (!customers.has(customer)) return missing("customer", customer);
    for (const name of ["success_url", "cancel_url"]) {
      if (!/^https?:\/\//.test(text(params, name)))
        return error(400, "invalid_request_error", `Invalid URL: ${name}`, { param: name });
    }
    const id = randomId("cs");
    const session: StandInSetupSession = {
      id,
      object: "checkout.session",
      mode: "setup",
      url: `${base}/c/setup/${id}`,
      status: "open",
      customer,
      setup_intent: null,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      success_url: text(params, "success_url"),
      cancel_url: text(params, "cancel_url") || null,
      payment_status: "no_payment_required",
    };
    setupSessions.set(id, session);
    return { status: 200, body: session };
  }

  function charge(params: Nested): Answer {
    const customer = text(params, "customer");
    const method = paymentMethods.get(text(params, "payment_method"));
    const amount = Number(text(params, "amount"));
    if (!customers.has(customer)) return missing("customer", customer);
    if (!method) return missing("payment_method", text(params, "payment_method"));
    if (method.customer !== customer) {
      return error(400, "invalid_request_error", "The provided PaymentMethod does not belong to this Customer.", {
        param: "payment_method",
      });
    }
    if (!(Number.isInteger(amount) && amount >= 50))
      return error(400, "invalid_request_error", "Invalid amount", { param: "amount" });
    const outcome = TEST_CARDS[method.testCard].charge;
    const intent: StandInPaymentIntent = {
      id: randomId("pi"),
      object: "payment_intent",
      status: outcome === "succeeds" ? "succeeded" : "requires_payment_method",
      amount,
      currency: text(params, "currency"),
      customer,
      payment_method: method.id,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      off_session: text(params, "off_session") === "true",
    };
    paymentIntents.push(intent);
    if (outcome === "succeeds") return { status: 200, body: intent };
    return error(
      402,
      "card_error",
      outcome === "card_declined" ? "Your card was declined." : "This payment requires authentication.",
      {
        code: outcome,
        ...(outcome === "card_declined" ? { decline_code: "generic_decline" } : {}),
        payment_intent: intent,
      },
    );
  }

  /** The API calls of cards; null for a path that is not theirs. */
  function api(method: string, path: string, params: Nested, query: URLSearchParams, base: string): Answer | null {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: randomId("cus"),
        object: "customer" as const,
        email: text(params, "email"),
        metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions" && text(params, "mode") === "setup")
      return createSetupSession(base, params);
    if (method === "POST" && path === "/v1/payment_intents") return charge(params);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && session && setupSessions.has(session[1]!))
      return { status: 200, body: setupSessions.get(session[1]!) };
    const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && setup) {
      const intent = setupIntents.get(setup[1]!);
      if (!intent) return missing("setup_intent", setup[1]!);
      const expand = query.getAll("expand[]").includes("payment_method");
      return { status: 200, body: expand ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) } : intent };
    }
    const pm = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
    if (pm) {
      const found = paymentMethods.get(pm[1]!);
      if (!found) return missing("payment_method", pm[1]!);
      if (method === "GET" && !pm[2]) return { status: 200, body: found };
      if (method === "POST" && pm[2]) {
        if (!found.customer) {
          return error(
            400,
            "invalid_request_error",
            "The payment method you provided is not attached to a customer so detachment is impossible.",
          );
        }
        found.customer = null;
        return { status: 200, body: found };
      }
    }
    return null;
  }

  /** Saves `card` through an open setup session, as Stripe's page does; answers where the client goes next. */
  function save(id: string, card: TestCard): string | null {
    const session = setupSessions.get(id);
    if (!session || session.status !== "open" || !(card in TEST_CARDS)) return null;
    const methodId = randomId("pm");
    const year = new Date().getUTCFullYear() + 3;
    paymentMethods.set(methodId, {
      id: methodId,
      object: "payment_method",
      type: "card",
      customer: session.customer,
      card: { brand: "visa", last4: TEST_CARDS[card].last4, exp_month: 12, exp_year: year },
      testCard: card,
    });
    const intent = {
      id: randomId("seti"),
      object: "setup_intent" as const,
      status: "succeeded" as const,
      customer: session.customer,
      payment_method: methodId,
      usage: "off_session" as const,
      metadata: session.metadata,
    };
    setupIntents.set(intent.id, intent);
    Object.assign(session, { status: "complete", setup_intent: intent.id, url: null });
    void deliver("checkout.session.completed", { ...session })
      .then(() => deliver("setup_intent.succeeded", { ...intent }))
      .catch((e) => console.error("stand-in: delivery failed", e));
    return session.success_url;
  }

  /** The hosted setup page: pick a test card, save it. */
  function page(id: string): string | null {
    const session = setupSessions.get(id);
    if (!session) return null;
    if (session.status !== "open")
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title></head><body><main><p>This Checkout Session is ${session.status}.</p></main></body></html>`;
    const options = Object.keys(TEST_CARDS)
      .map(
        (number, i) => `<label><input type="radio" name="card" value="${number}"${i === 0 ? " checked" : ""}> ${number}</label>`,
      )
      .join("<br>");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title></head>
<body><main><h1>Save a card</h1><form method="post" action="/c/setup/${id}/save">${options}<br><button type="submit">Save card</button></form>
<form method="post" action="/c/setup/${id}/cancel"><button type="submit">Back</button></form></main></body></html>`;
  }

  /**
   * The pages and test controls of cards: the hosted setup page (GET), its "Save card" (POST, form
   * `card`) and "Back"; GET /__stand-in/payment-intents lists every PaymentIntent made. Null: not theirs.
   */
  function route(
    method: string,
    pathname: string,
    raw: string,
  ): { html: string } | { redirect: string } | { json: unknown } | null {
    if (method === "GET" && pathname === "/__stand-in/payment-intents") return { json: paymentIntents };
    const match = /^\/c\/setup\/([^/]+)(?:\/(save|cancel))?$/.exec(pathname);
    if (!match) return null;
    const session = setupSessions.get(match[1]!);
    if (!session) return null;
    if (method === "GET" && !match[2]) return { html: page(session.id)! };
    if (method === "POST" && match[2] === "cancel") return { redirect: session.cancel_url ?? session.success_url };
    const saved =
      method === "POST" && match[2] === "save" ? save(session.id, new URLSearchParams(raw).get("card") as TestCard) : null;
    return saved ? { redirect: saved } : { html: page(session.id)! };
  }

  return { customers, setupSessions, setupIntents, paymentMethods, paymentIntents, api, save, route };
}

export type StandInCards = ReturnType<typeof standInCards>;
