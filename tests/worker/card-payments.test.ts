import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { STAND_IN_SECRET_KEY } from "../support/stripe-events";
import { call, createAdmin, createBundle, createUser } from "./helpers";
import {
  cardOrder,
  openSession,
  paymentState,
  postEvent,
  refuseNext,
  sessionIdOf,
  setSession,
  standInRequests,
  startCard,
  stripeEnv,
} from "./stripe-support";

const standIn = () => inject("stripeApiBase");
const creates = async (referenceId: string) =>
  (await standInRequests(standIn(), referenceId)).filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");

async function setPayment(referenceId: string, changes: Record<string, string | number>) {
  const columns = Object.keys(changes);
  await env.DB.prepare(`UPDATE payments SET ${columns.map((c, i) => `${c} = ?${i + 2}`).join(", ")} WHERE referenceId = ?1`)
    .bind(referenceId, ...Object.values(changes))
    .run();
}

describe("card payments switched off (no Stripe secrets)", () => {
  it("offers only the bank transfer and refuses the card calls, as before", async () => {
    const client = await createUser();
    const bundle = await createBundle();
    const order = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    const { referenceId } = order.body;
    expect(order.body.payment.payByCard).toBe(false);
    expect((await call("payment-detail", { referenceId })).body.payByCard).toBe(false);
    expect((await call("searchcart", {}, { cookie: client.cookie })).body.payByCard).toBe(false);
    const start = await call("start-card-payment", { referenceId });
    expect(start.status).toBe(404);
    expect(start.body.code).toBe("card_payments_off");
    expect((await call("stripe-webhook", { id: "evt_1", type: "checkout.session.completed", data: { object: {} } })).status).toBe(
      404,
    );
    expect((await paymentState(referenceId)).cardAttempt).toBe(0);
  });
});

describe("start-card-payment", () => {
  it("creates one Checkout Session from the frozen payment and answers its URL", async () => {
    const { referenceId, amount } = await cardOrder(120);
    const payment = await paymentState(referenceId);
    const res = await startCard(referenceId);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${standIn()}/c/pay/cs_test_`));
    const [sent, ...more] = await creates(referenceId);
    expect(more).toEqual([]);
    expect(sent!.idempotencyKey).toBe(`checkout:${referenceId}:1`);
    expect(sent!.authorization).toBe(`Bearer ${STAND_IN_SECRET_KEY}`);
    expect(sent!.form).toMatchObject({
      mode: "payment",
      "payment_method_types[0]": "card",
      client_reference_id: referenceId,
      "metadata[referenceId]": referenceId,
      "payment_intent_data[metadata][referenceId]": referenceId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(amount),
      "line_items[0][price_data][product_data][name]": "120 points",
      success_url: `http://portal.test/payment/${referenceId}?card=return`,
      cancel_url: `http://portal.test/payment/${referenceId}?card=cancelled`,
      // The session lasts as long as the payment (24 hours here, Stripe's longest, less a margin).
      expires_at: String(Math.floor(Date.parse((await paymentState(referenceId)).cardSessionExpiresAt!) / 1000)),
    });
    const after = await paymentState(referenceId);
    expect(after).toMatchObject({ status: "pending", cardAttempt: 1, cardSessionId: sessionIdOf(res.body.url) });
    expect(Date.parse(after.cardSessionExpiresAt!)).toBeLessThanOrEqual(Date.parse(payment.expiresAt));
    expect(Date.parse(after.cardSessionExpiresAt!)).toBeGreaterThan(Date.parse(payment.expiresAt) - 6 * 60_000);
  });

  it("answers the same open session to a second click and to racing clicks, never making another", async () => {
    const first = await cardOrder();
    const once = await startCard(first.referenceId);
    const twice = await startCard(first.referenceId);
    expect(twice.body.url).toBe(once.body.url);
    expect(await creates(first.referenceId)).toHaveLength(1);

    const raced = await cardOrder();
    const answers = await Promise.all([1, 2, 3, 4].map(() => startCard(raced.referenceId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    // Racers may each ask Stripe, but with one idempotency key: Stripe makes one session.
    expect(new Set((await creates(raced.referenceId)).map((r) => r.idempotencyKey))).toEqual(
      new Set([`checkout:${raced.referenceId}:1`]),
    );
    expect((await paymentState(raced.referenceId)).cardSessionId).toBe(sessionIdOf(answers[0]!.body.url));
  });

  it("makes a new session once the last one expired, and answers 409 while a paid one awaits its event", async () => {
    const { referenceId } = await cardOrder();
    const first = await startCard(referenceId);
    await setSession(sessionIdOf(first.body.url), { status: "expired", url: null });
    const second = await startCard(referenceId);
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await creates(referenceId)).map((r) => r.idempotencyKey)).toEqual([
      `checkout:${referenceId}:1`,
      `checkout:${referenceId}:2`,
    ]);

    await setSession(sessionIdOf(second.body.url), { status: "complete", payment_status: "paid", url: null });
    const paying = await startCard(referenceId);
    expect(paying.status).toBe(409);
    expect(paying.body).toMatchObject({ code: "card_processing", error: expect.any(String) });
    expect(await creates(referenceId)).toHaveLength(2);
  });

  it("answers 409 in the contract's error shape for a payment that is not pending, and asks Stripe nothing", async () => {
    const admin = await createAdmin();
    const cases: Array<[string, (ref: string) => Promise<unknown>, string]> = [
      ["paid", (ref) => call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie }), "already_paid"],
      ["cancelled", (ref) => call("cancel-payment", { referenceId: ref }, { cookie: admin.cookie }), "payment_closed"],
      ["expired", (ref) => setPayment(ref, { status: "expired" }), "payment_closed"],
      ["past its expiry", (ref) => setPayment(ref, { expiresAt: "2020-01-01T00:00:00.000Z" }), "payment_closed"],
      ["awaiting confirmation", (ref) => setPayment(ref, { status: "awaiting_confirmation" }), "awaiting_confirmation"],
    ];
    for (const [name, close, code] of cases) {
      const { referenceId } = await cardOrder();
      await close(referenceId);
      const res = await startCard(referenceId);
      expect(res.status, name).toBe(409);
      expect(res.body, name).toEqual({ error: expect.any(String), code });
      expect(await creates(referenceId), name).toEqual([]);
      expect((await call("payment-detail", { referenceId }, { env: stripeEnv() })).body.payByCard, name).toBe(false);
    }
    expect((await startCard("A".repeat(24))).status).toBe(404);
    expect((await startCard("not a reference")).status).toBe(400);
  });

  it("gives a payment about to expire the 31 minutes Stripe's shortest session needs, and caps a long one at a day", async () => {
    const soon = await cardOrder();
    await setPayment(soon.referenceId, { expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect((await startCard(soon.referenceId)).status).toBe(200);
    const extended = await paymentState(soon.referenceId);
    expect(Date.parse(extended.cardSessionExpiresAt!)).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    expect(extended.expiresAt).toBe(extended.cardSessionExpiresAt);

    const later = await cardOrder();
    const paymentExpiry = new Date(Date.now() + 48 * 3600_000).toISOString();
    await setPayment(later.referenceId, { expiresAt: paymentExpiry });
    expect((await startCard(later.referenceId)).status).toBe(200);
    const capped = await paymentState(later.referenceId);
    expect(Date.parse(capped.cardSessionExpiresAt!)).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(capped.expiresAt).toBe(paymentExpiry);
  });

  it("refuses a payment Stripe cannot charge exactly, and recovers from a failed call with a new attempt", async () => {
    const kuwaiti = await cardOrder();
    // 1,255 fils: Stripe charges three-decimal currencies only in tens.
    await setPayment(kuwaiti.referenceId, { currency: "KWD", amount: 1255 });
    await env.DB.prepare(
      "UPDATE payments SET lines = json_set(lines, '$[0].unitPrice', 1255, '$[0].lineTotal', 1255) WHERE referenceId = ?1",
    )
      .bind(kuwaiti.referenceId)
      .run();
    expect((await call("payment-detail", { referenceId: kuwaiti.referenceId }, { env: stripeEnv() })).body.payByCard).toBe(false);
    const refused = await startCard(kuwaiti.referenceId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("card_refused");

    const { referenceId } = await cardOrder();
    await refuseNext(referenceId, 500, "api_error");
    const failed = await startCard(referenceId);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: expect.any(String), code: "card_unavailable" });
    const retried = await startCard(referenceId);
    expect(retried.status).toBe(200);
    expect((await creates(referenceId)).map((r) => r.idempotencyKey)).toEqual([
      `checkout:${referenceId}:1`,
      `checkout:${referenceId}:2`,
    ]);
  });
});

describe("what the pages read", () => {
  it("checkout answers the payment as payment-detail shows it, so the page needs no second call", async () => {
    const client = await createUser({ name: "Amira Haddad" });
    const bundle = await createBundle({ points: 50 });
    const order = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie, env: stripeEnv() });
    const detail = await call("payment-detail", { referenceId: order.body.referenceId }, { env: stripeEnv() });
    expect(order.body.payment).toEqual(detail.body);
    expect(detail.body).toMatchObject({ payerName: "A**** H*****", payByCard: true, status: "pending" });
    // A bundle line tells its points, for pages to write them in the reader's language.
    expect(detail.body.lines).toEqual([
      { kind: "bundle", refId: bundle.bundleId, name: "50 points", points: 50, unitPrice: 500, qty: 1, lineTotal: 500 },
    ]);
    expect(detail.body).not.toHaveProperty("userId");
    expect(detail.body).not.toHaveProperty("card");
    await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 2 }, { cookie: client.cookie });
    const cart = await call("searchcart", {}, { cookie: client.cookie, env: stripeEnv() });
    expect(cart.body.payByCard).toBe(true);
    expect(cart.body.carts[0]).toMatchObject({ kind: "bundle", name: "50 points", points: 50, qty: 2 });
  });

  it("lists a card payment with its Stripe ids for its owner and the admins", async () => {
    const { client, referenceId, sessionId, session } = await openSession(100, true);
    expect((await postEvent("checkout.session.completed", session)).status).toBe(200);
    const listed = await call("search-payment", { search: referenceId }, { cookie: client.cookie });
    expect(listed.body.data[0]).toMatchObject({
      method: "card",
      card: { sessionId, paymentIntentId: session.payment_intent },
    });
  });
});

describe("migration 0085 (payments rebuilt for method 'card')", () => {
  it("keeps every index and trigger the migrations put on payments", async () => {
    const created = new Set<string>();
    // A statement's ON clause comes before its first semicolon: a DROP must not reach into the next CREATE.
    for (const migration of env.TEST_MIGRATIONS) {
      const text = migration.queries.join(";\n");
      const statements =
        /(CREATE|DROP)\s+(?:UNIQUE\s+)?(INDEX|TRIGGER)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(\w+)(?:[^;]*?\bON\s+(\w+))?/gi;
      for (const [, verb, kind, name, table] of text.matchAll(statements)) {
        const key = `${kind!.toLowerCase()}:${name}`;
        if (verb!.toUpperCase() === "DROP") created.delete(key);
        else if (table!.toLowerCase() === "payments") created.add(key);
      }
    }
    const present = await env.DB.prepare(
      "SELECT type, name FROM sqlite_master WHERE tbl_name = 'payments' AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    ).all<{ type: string; name: string }>();
    expect(new Set(present.results.map((r) => `${r.type}:${r.name}`))).toEqual(created);
    expect(created.has("index:payments_status")).toBe(true);
    expect(created.has("trigger:payments_stats_insert")).toBe(true);
  });
});
