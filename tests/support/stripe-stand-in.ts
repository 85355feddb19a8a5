import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { standInCards } from "./stripe-cards";
import { chargeFor, newRefund, type RefundStatus, type StandInRefund } from "./stripe-refunds";
import {
  randomId,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  stripeEvent,
  stripeSignatureHeader,
  type CheckoutEventType,
  type RefundEventType,
  type StandInSession,
} from "./stripe-events";

/**
 * A local stand-in for the part of Stripe the portal uses, on 127.0.0.1, for worker and end-to-end tests
 * without the internet. It answers the two API calls (create and retrieve a Checkout Session) with
 * Stripe's documented shapes and errors, keeps Stripe's idempotency rules, records every API request,
 * and serves a tiny hosted Checkout page whose "Pay" sends the signed `checkout.session.completed`
 * event to the portal's webhook, as Stripe does, then returns the payer to the success URL.
 *
 * It also answers the Refunds API (create, list: stripe-refunds.ts) and, like Stripe, sends
 * `refund.created` and `charge.refunded` for every refund to the webhook when one is set.
 *
 * Test controls (not Stripe's): GET /__stand-in/requests, GET /__stand-in/sessions, POST /__stand-in/sessions/<id> {status,
 * payment_status} to move a session on, POST /__stand-in/refuse {referenceId, status, type, code} to
 * make the next create for that reference fail, POST /__stand-in/refunds/next {paymentIntent, status}
 * to give the next refund of a PaymentIntent that status (or `refuse: true` for a 400), POST
 * /__stand-in/dashboard-refund {paymentIntent, amount} for a refund made in Stripe's dashboard (answers
 * {refund, charge}, the objects of its events), POST /__stand-in/hang {referenceId, ms} to make the next
 * create for that reference take effect but hold its answer back `ms` (a Stripe that creates, then times out).
 *
 * Saved cards and off-session PaymentIntents (Customers, setup-mode sessions and their page, SetupIntents,
 * PaymentMethods, test cards) are in stripe-cards.ts; `hang` with a Customer id as `referenceId` holds that
 * Customer's next PaymentIntent the same way.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The form fields as sent (`line_items[0][quantity]` → "1"). */
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  /** Where "Pay" sends its event; `delayMs` holds the event back the way a real delivery lags the redirect. */
  deliverTo(webhookUrl: string, opts?: { secret?: string; delayMs?: number }): void;
  stop(): Promise<void>;
}

type Nested = { [key: string]: Nested | string };

/** `a[b][0][c]=x` → {a: {b: {0: {c: "x"}}}}, as Stripe reads its form bodies. */
function nest(form: URLSearchParams): Nested {
  const root: Nested = {};
  for (const [key, value] of form) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Nested;
    });
  }
  return root;
}

const error = (status: number, type: string, message: string, extra: Record<string, string> = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

interface Answer {
  status: number;
  body: unknown;
}

function validateCreate(params: Nested): Answer | null {
  const text = (name: string) => (typeof params[name] === "string" ? (params[name] as string) : "");
  if (text("mode") !== "payment") return error(400, "invalid_request_error", "mode must be payment here.", { param: "mode" });
  for (const name of ["success_url", "cancel_url"]) {
    if (!/^https?:\/\//.test(text(name))) return error(400, "invalid_request_error", `Invalid URL: ${name}`, { param: name });
  }
  const items = Object.values((params.line_items ?? {}) as Nested) as Nested[];
  if (items.length === 0) return error(400, "invalid_request_error", "line_items is required.", { param: "line_items" });
  for (const [i, item] of items.entries()) {
    const price = (item.price_data ?? {}) as Nested;
    const product = (price.product_data ?? {}) as Nested;
    if (!/^[1-9]\d*$/.test(String(item.quantity)))
      return error(400, "invalid_request_error", "Invalid integer", { param: `line_items[${i}][quantity]` });
    if (!/^\d+$/.test(String(price.unit_amount)))
      return error(400, "invalid_request_error", "Invalid integer", { param: `line_items[${i}][price_data][unit_amount]` });
    if (!/^[a-z]{3}$/.test(String(price.currency)))
      return error(400, "invalid_request_error", "Invalid currency", { param: `line_items[${i}][price_data][currency]` });
    if (typeof product.name !== "string" || !product.name)
      return error(400, "invalid_request_error", "Missing name", { param: `line_items[${i}][price_data][product_data][name]` });
  }
  if (new Set(items.map((item) => (item.price_data as Nested).currency)).size !== 1) {
    return error(400, "invalid_request_error", "All line items must share one currency.", { param: "line_items" });
  }
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = Number(text("expires_at") || now + 86_400);
  if (!(expiresAt >= now + 1800 - 5 && expiresAt <= now + 86_400)) {
    return error(400, "invalid_request_error", "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", {
      param: "expires_at",
    });
  }
  return null;
}

function newSession(base: string, params: Nested): StandInSession {
  const items = Object.values(params.line_items as Nested) as Nested[];
  const total = items.reduce((sum, item) => sum + Number((item.price_data as Nested).unit_amount) * Number(item.quantity), 0);
  const id = randomId("cs");
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: "checkout.session",
    url: `${base}/c/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    amount_subtotal: total,
    amount_total: total,
    currency: String((items[0]!.price_data as Nested).currency),
    client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
    metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
    payment_intent: null,
    mode: "payment",
    expires_at: Number(params.expires_at ?? now + 86_400),
    created: now,
    success_url: String(params.success_url),
    cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
    livemode: false,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(session: StandInSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const done = session.status !== "open";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title></head>
<body><main><h1>Stand-in Checkout</h1><p data-testid="amount">${escapeHtml(amount)}</p>
${
  done
    ? `<p>This Checkout Session is ${escapeHtml(session.status)}.</p>`
    : `<form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/c/pay/${session.id}/cancel"><button type="submit">Back</button></form>`
}
</main></body></html>`;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const idempotent = new Map<string, { body: string; answer: Answer }>();
  const refusals = new Map<string, Answer>();
  const holds = new Map<string, number>();
  let webhook: { url: string; secret: string; delayMs: number } | null = null;
  let base = "";

  const cards = standInCards((type, object) => deliver(type as CheckoutEventType, object));
  const refunds = new Map<string, StandInRefund[]>();
  const nextRefund = new Map<string, RefundStatus | "refuse">();

  async function deliver(type: CheckoutEventType | RefundEventType, session: StandInSession | object) {
    if (!webhook) return;
    const payload = JSON.stringify(stripeEvent(type, session));
    const { url, secret, delayMs } = webhook;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": await stripeSignatureHeader(payload, undefined, [secret]),
      },
      body: payload,
    });
    if (!res.ok) console.error("stand-in: the webhook answered", res.status, await res.text());
  }

  const sessionOfIntent = (intent: string) => [...sessions.values()].find((session) => session.payment_intent === intent);

  /** Makes a refund of a paid PaymentIntent (Stripe's rules: an amount up to what is not refunded yet). */
  function makeRefund(intent: string, amount: number, metadata: Record<string, string>, reason: string | null): Answer {
    const session = sessionOfIntent(intent);
    if (!session) return error(400, "invalid_request_error", `No such payment_intent: '${intent}'`, { code: "resource_missing" });
    const made = refunds.get(intent) ?? [];
    const left =
      session.amount_total -
      made.filter((r) => r.status !== "failed" && r.status !== "canceled").reduce((n, r) => n + r.amount, 0);
    if (!(Number.isInteger(amount) && amount > 0))
      return error(400, "invalid_request_error", "Invalid positive integer", { param: "amount" });
    if (amount > left) {
      return error(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        {
          code: "amount_too_large",
        },
      );
    }
    const status = nextRefund.get(intent);
    nextRefund.delete(intent);
    if (status === "refuse") return error(400, "invalid_request_error", "Refused by the stand-in.", { code: "charge_disputed" });
    const refund = newRefund({
      paymentIntent: intent,
      amount,
      currency: session.currency,
      metadata,
      reason,
      status: status ?? "succeeded",
    });
    refunds.set(intent, [...made, refund]);
    void deliver("refund.created", refund)
      .then(() => deliver("charge.refunded", chargeFor(intent, session.amount_total, session.currency, refunds.get(intent)!)))
      .catch((e) => console.error("stand-in: delivery failed", e));
    return { status: 200, body: refund };
  }

  function createRefund(params: Nested): Answer {
    const text = (name: string) => (typeof params[name] === "string" ? (params[name] as string) : "");
    const intent = text("payment_intent");
    const session = sessionOfIntent(intent);
    const amount = text("amount") ? Number(text("amount")) : (session?.amount_total ?? 0);
    return makeRefund(intent, amount, (params.metadata ?? {}) as Record<string, string>, text("reason") || null);
  }

  /** Stripe's idempotency for a create: a key seen answers as the first time (its errors too); other parameters, 400. */
  function remembered(key: string | null, raw: string, make: () => Answer | null): Answer | null {
    const seen = key ? idempotent.get(key) : undefined;
    if (seen && seen.body !== raw) {
      return error(
        400,
        "idempotency_error",
        "Keys for idempotent requests can only be used with the same parameters they were first used with.",
      );
    }
    if (seen) return seen.answer;
    const answer = make();
    if (answer && key) idempotent.set(key, { body: raw, answer });
    return answer;
  }

  function api(method: string, path: string, req: IncomingMessage, raw: string, query: URLSearchParams): Answer {
    const form = new URLSearchParams(raw);
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({
      method,
      path,
      idempotencyKey,
      authorization: req.headers.authorization ?? null,
      form: Object.fromEntries(form),
    });
    if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return error(401, "invalid_request_error", "Invalid API Key provided.");
    }
    const card = remembered(idempotencyKey, raw, () => cards.api(method, path, nest(form), query, base));
    if (card) return card;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return remembered(idempotencyKey, raw, () => {
        const params = nest(form);
        const refusal = refusals.get(String(params.client_reference_id));
        if (refusal) {
          refusals.delete(String(params.client_reference_id));
          return refusal;
        }
        const answer = validateCreate(params) ?? { status: 200, body: newSession(base, params) };
        if (answer.status === 200) sessions.set((answer.body as StandInSession).id, answer.body as StandInSession);
        return answer;
      })!;
    }
    if (method === "POST" && path === "/v1/refunds") return remembered(idempotencyKey, raw, () => createRefund(nest(form)))!;
    if (method === "GET" && path === "/v1/refunds") {
      const intent = query.get("payment_intent") ?? "";
      return {
        status: 200,
        body: { object: "list", data: [...(refunds.get(intent) ?? [])].reverse(), has_more: false, url: "/v1/refunds" },
      };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      return session
        ? { status: 200, body: session }
        : error(404, "invalid_request_error", `No such checkout.session: '${retrieve[1]}'`, { code: "resource_missing" });
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };

    if (url.pathname.startsWith("/v1/")) {
      const answer = api(method, url.pathname, req, raw, url.searchParams);
      const sent = new URLSearchParams(raw);
      const reference = sent.get("client_reference_id") ?? sent.get("customer") ?? "";
      const hold = method === "POST" ? holds.get(reference) : undefined;
      if (hold !== undefined) {
        holds.delete(reference);
        await new Promise((resolve) => setTimeout(resolve, hold));
        if (res.destroyed) return;
      }
      return send(answer.status, answer.body);
    }
    if (method === "GET" && url.pathname === "/__stand-in/requests") return send(200, requests);
    if (method === "GET" && url.pathname === "/__stand-in/sessions") return send(200, [...sessions.values()]);
    if (url.pathname === "/favicon.ico") return send(204, "", "image/x-icon");
    const control = /^\/__stand-in\/sessions\/([^/]+)$/.exec(url.pathname);
    if (method === "POST" && control) {
      const session = sessions.get(control[1]!);
      if (!session) return send(404, { error: "no such session" });
      Object.assign(session, JSON.parse(raw) as Partial<StandInSession>);
      return send(200, session);
    }
    if (method === "POST" && url.pathname === "/__stand-in/refunds/next") {
      const { paymentIntent, status, refuse } = JSON.parse(raw) as {
        paymentIntent: string;
        status?: RefundStatus;
        refuse?: boolean;
      };
      nextRefund.set(paymentIntent, refuse ? "refuse" : (status ?? "succeeded"));
      return send(200, { ok: true });
    }
    if (method === "POST" && url.pathname === "/__stand-in/dashboard-refund") {
      const { paymentIntent, amount } = JSON.parse(raw) as { paymentIntent: string; amount: number };
      const answer = makeRefund(paymentIntent, amount, {}, "requested_by_customer");
      if (answer.status !== 200) return send(answer.status, answer.body);
      const session = sessionOfIntent(paymentIntent)!;
      return send(200, {
        refund: answer.body,
        charge: chargeFor(paymentIntent, session.amount_total, session.currency, refunds.get(paymentIntent)!),
      });
    }
    const refundControl = /^\/__stand-in\/refunds\/(re_[^/]+)$/.exec(url.pathname);
    if (method === "POST" && refundControl) {
      const refund = [...refunds.values()].flat().find((r) => r.id === refundControl[1]);
      if (!refund) return send(404, { error: "no such refund" });
      Object.assign(refund, JSON.parse(raw) as Partial<StandInRefund>);
      return send(200, refund);
    }
    if (method === "POST" && url.pathname === "/__stand-in/refuse") {
      const { referenceId, status, type, code } = JSON.parse(raw) as {
        referenceId: string;
        status: number;
        type: string;
        code?: string;
      };
      refusals.set(referenceId, error(status, type, `Refused by the stand-in (${code ?? type}).`, code ? { code } : {}));
      return send(200, { ok: true });
    }
    if (method === "POST" && url.pathname === "/__stand-in/hang") {
      const { referenceId, ms } = JSON.parse(raw) as { referenceId: string; ms: number };
      holds.set(referenceId, ms);
      return send(200, { ok: true });
    }
    const cardPage = cards.route(method, url.pathname, raw);
    if (cardPage)
      return "redirect" in cardPage
        ? redirect(cardPage.redirect)
        : "json" in cardPage
          ? send(200, cardPage.json)
          : send(200, cardPage.html, "text/html; charset=utf-8");
    const page = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!page || !session) return send(404, "Not found", "text/plain");
    if (method === "GET" && !page[2]) return send(200, checkoutPage(session), "text/html; charset=utf-8");
    if (method === "POST" && page[2] === "cancel") return redirect(session.cancel_url ?? session.success_url);
    if (method === "POST" && page[2] === "pay" && session.status === "open") {
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: randomId("pi"), url: null });
      void deliver("checkout.session.completed", { ...session }).catch((e) => console.error("stand-in: delivery failed", e));
      return redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    return send(409, "This Checkout Session is no longer open.", "text/plain");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  // Never close an idle connection: workerd reuses its pooled ones, and one Node closed after its default 5 s
  // idle (a test drawing PDFs meanwhile) failed the next call with "Network connection lost".
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url: base,
    requests,
    sessions,
    deliverTo(url, opts = {}) {
      webhook = { url, secret: opts.secret ?? STAND_IN_WEBHOOK_SECRET, delayMs: opts.delayMs ?? 0 };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
