import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { RecordedRequest } from "../support/stripe-stand-in";
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  stripeEvent,
  stripeSignatureHeader,
  type CheckoutEventType,
  type StandInSession,
} from "../support/stripe-events";
import type { StandInCharge, StandInRefund } from "../support/stripe-refunds";
import { call, createBundle, createUser, type TestUser } from "./helpers";

/** The Worker's bindings with card payments on, talking to the stand-in of tests/support/stripe-stand-in.ts. */
export const stripeEnv = (): Env => ({
  ...env,
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
  STRIPE_API_BASE: inject("stripeApiBase"),
});

const standIn = () => inject("stripeApiBase");

/** The API requests the stand-in recorded for one payment (its creates name the reference; retrieves, a session of it). */
export async function standInRequests(base: string, referenceId: string, sessionIds: string[] = []): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${base}/__stand-in/requests`)).json()) as RecordedRequest[];
  return all.filter((r) => r.form.client_reference_id === referenceId || sessionIds.some((id) => r.path.endsWith(`/${id}`)));
}

/** Moves a session on at the stand-in (Stripe's side of a payment: paid, expired…) and answers it. */
export async function setSession(id: string, patch: Partial<StandInSession>): Promise<StandInSession> {
  const res = await fetch(`${standIn()}/__stand-in/sessions/${id}`, { method: "POST", body: JSON.stringify(patch) });
  return (await res.json()) as StandInSession;
}

/** The next create for this reference fails at the stand-in with Stripe's error of `status`. */
export async function refuseNext(referenceId: string, status: number, type: string) {
  await fetch(`${standIn()}/__stand-in/refuse`, { method: "POST", body: JSON.stringify({ referenceId, status, type }) });
}

/** The next create for this reference takes effect at the stand-in, but its answer comes `ms` later. */
export async function holdNextAnswer(referenceId: string, ms: number) {
  await fetch(`${standIn()}/__stand-in/hang`, { method: "POST", body: JSON.stringify({ referenceId, ms }) });
}

export interface CardOrder {
  client: TestUser;
  referenceId: string;
  amount: number;
}

/** A client's pending payment for a bundle of `points` (10 a point), placed with card payments on. */
export async function cardOrder(points = 100): Promise<CardOrder> {
  const client = await createUser();
  const bundle = await createBundle({ points, ppp: 10 });
  const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie, env: stripeEnv() });
  if (res.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(res.body)}`);
  return { client, referenceId: res.body.referenceId, amount: res.body.amount };
}

export const startCard = (referenceId: string, workerEnv = stripeEnv()) =>
  call("start-card-payment", { referenceId }, { env: workerEnv });

/** The id of the Checkout Session a stand-in URL opens. */
export const sessionIdOf = (url: string) => url.split("/").pop()!;

/** A card order whose Checkout Session is open; `paid` also pays it at the stand-in (the webhook not yet sent). */
export async function openSession(points = 100, paid = false) {
  const order = await cardOrder(points);
  const started = await startCard(order.referenceId);
  if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
  const sessionId = sessionIdOf(started.body.url);
  const session = paid
    ? await setSession(sessionId, {
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_test_${sessionId.slice(8)}`,
        url: null,
      })
    : await setSession(sessionId, {});
  return { ...order, sessionId, session };
}

export interface EventOptions {
  /** Signing time (unix seconds); now by default. */
  t?: number;
  secrets?: string[];
  /** The bytes sent instead of the signed ones. */
  sendInstead?: string;
  /** A whole header instead of a computed one (null: none). */
  header?: string | null;
  /** The Worker's bindings (stripeEnv() by default). */
  env?: Env;
}

/** Posts a Stripe event for `session` to the webhook, signed as Stripe signs it. */
export async function postEvent(
  type: CheckoutEventType | string,
  session: StandInSession | StandInRefund | StandInCharge | Record<string, unknown>,
  opts: EventOptions = {},
) {
  // Stripe's bytes: pretty-printed JSON, verified as sent, never re-serialised.
  const payload = JSON.stringify(stripeEvent(type as CheckoutEventType, session as StandInSession), null, 2);
  return postPayload(payload, opts);
}

export async function postPayload(payload: string, opts: EventOptions = {}) {
  const header = opts.header === undefined ? await stripeSignatureHeader(payload, opts.t, opts.secrets) : opts.header;
  return call("stripe-webhook", undefined, {
    raw: opts.sendInstead ?? payload,
    headers: { "content-type": "application/json; charset=utf-8", ...(header === null ? {} : { "stripe-signature": header }) },
    env: opts.env ?? stripeEnv(),
  });
}

export interface PaymentState {
  status: string;
  method: string;
  cardAttempt: number;
  cardSessionId: string | null;
  cardSessionExpiresAt: string | null;
  cardPaymentIntentId: string | null;
  expiresAt: string;
  invoiceNumber: number | null;
}

export const paymentState = async (referenceId: string) =>
  (await env.DB.prepare(
    `SELECT status, method, cardAttempt, cardSessionId, cardSessionExpiresAt, cardPaymentIntentId, expiresAt, invoiceNumber
       FROM payments WHERE referenceId = ?1`,
  )
    .bind(referenceId)
    .first<PaymentState>())!;

export const receiptsTo = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE mailKind = 'receipt' AND toEmail = ?1")
    .bind(email)
    .first<{ n: number }>())!.n;
