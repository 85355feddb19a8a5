import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { startCardPayment } from "../../worker/src/domain/stripe/card";
import { stripeOf } from "../../worker/src/http/settings";
import { STAND_IN_SECRET_KEY } from "../support/stripe-events";
import { call, createAdmin, quotaAndLedger } from "./helpers";
import {
  cardOrder,
  holdNextAnswer,
  openSession,
  paymentState,
  postEvent,
  sessionIdOf,
  setSession,
  standInRequests,
  startCard,
  stripeEnv,
} from "./stripe-support";

const COMPLETED = "checkout.session.completed";
const standIn = () => inject("stripeApiBase");
const creates = async (referenceId: string) =>
  (await standInRequests(standIn(), referenceId)).filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");

const unapplied = async (referenceId: string) =>
  (
    await env.DB.prepare("SELECT actorEmail, detail FROM audit_log WHERE subjectId = ?1 AND action = 'card-payment-unapplied'")
      .bind(referenceId)
      .all<{ actorEmail: string; detail: string }>()
  ).results.map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }));

const portal = { siteName: "Portal", origin: "http://portal.test" };
const context = () => ({ db: getDb(env.DB), d1: env.DB, actor: { userId: null, email: "", ip: "203.0.113.9", agent: null } });

describe("Stripe Checkout under faults (issue 30)", () => {
  it("retries an attempt whose answer never came with the same key, so Stripe's first session is the one paid", async () => {
    const { referenceId } = await cardOrder(100);
    // Stripe makes the session, but its answer takes longer than the portal waits.
    await holdNextAnswer(referenceId, 1500);
    const impatient = { ...stripeOf(stripeEnv())!, timeoutMs: 200 };
    await expect(startCardPayment(context(), impatient, portal, referenceId)).rejects.toMatchObject({ code: "card_unavailable" });
    const made = await creates(referenceId);
    expect(made).toHaveLength(1);

    const next = await startCard(referenceId);
    expect(next.status).toBe(200);
    const keys = (await creates(referenceId)).map((r) => r.idempotencyKey);
    expect(keys).toEqual([`checkout:${referenceId}:1`, `checkout:${referenceId}:1`]);
    // One session at Stripe for this payment: the one the portal recorded and the payer opens.
    const all = (await (await fetch(`${standIn()}/__stand-in/sessions`)).json()) as Array<{
      id: string;
      client_reference_id: string;
    }>;
    expect(all.filter((made) => made.client_reference_id === referenceId).map((made) => made.id)).toEqual([
      sessionIdOf(next.body.url),
    ]);
    expect((await paymentState(referenceId)).cardSessionId).toBe(sessionIdOf(next.body.url));
  });

  it("records a paid session the portal does not know for a payment for a refund, once, and grants nothing", async () => {
    const { client, referenceId, session } = await openSession(100);
    // A second session for the payment, made at Stripe outside the portal's record (an attempt given up).
    const stray = await fetch(`${standIn()}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${STAND_IN_SECRET_KEY}`,
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": `stray:${referenceId}`,
      },
      body: new URLSearchParams({
        mode: "payment",
        client_reference_id: referenceId,
        "metadata[referenceId]": referenceId,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": String(session.amount_total),
        "line_items[0][price_data][product_data][name]": "Points",
        success_url: "http://portal.test/ok",
        cancel_url: "http://portal.test/no",
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const paidStray = await setSession(stray.id, {
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_stray",
      url: null,
    });

    for (let replay = 0; replay < 3; replay++) {
      const res = await postEvent(COMPLETED, paidStray);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("A paid session this portal does not know for the payment; recorded for a refund.");
    }
    const rows = await unapplied(referenceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: "stripe-webhook",
      detail: { reason: "unknown-session", sessionId: stray.id, paymentIntentId: "pi_stray", status: "pending" },
    });
    expect(await paymentState(referenceId)).toMatchObject({ status: "pending", cardSessionId: session.id });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });

    // The payment's own session still settles it.
    const own = await setSession(session.id, { status: "complete", payment_status: "paid", payment_intent: "pi_own", url: null });
    expect((await postEvent(COMPLETED, own)).body.message).toBe("Payment recorded.");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 100, ledger: 100 });
  });

  it("writes one card-payment-unapplied row per session however often Stripe replays the event", async () => {
    const admin = await createAdmin();
    const { referenceId, session } = await openSession(100, true);
    expect((await call("confirm-payment", { referenceId }, { cookie: admin.cookie })).status).toBe(200);
    for (let replay = 0; replay < 3; replay++) {
      const res = await postEvent(COMPLETED, session);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("The payment was already settled another way; refund this card payment.");
    }
    const rows = await unapplied(referenceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ reason: "settled-another-way", status: "paid", sessionId: session.id });
  });
});
