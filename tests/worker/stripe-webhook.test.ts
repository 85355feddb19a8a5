import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STAND_IN_WEBHOOK_SECRET, stripeEvent, stripeSignatureHeader } from "../support/stripe-events";
import { call, createAdmin, quotaAndLedger } from "./helpers";
import { openSession, paymentState, postEvent, postPayload, receiptsTo, startCard } from "./stripe-support";

const now = () => Math.floor(Date.now() / 1000);
const COMPLETED = "checkout.session.completed";

const auditRows = async (referenceId: string, action: string) =>
  (
    await env.DB.prepare("SELECT actorEmail, detail FROM audit_log WHERE subjectId = ?1 AND action = ?2")
      .bind(referenceId, action)
      .all<{ actorEmail: string; detail: string }>()
  ).results;

const invoiceCounter = async () =>
  (await env.DB.prepare("SELECT counterValue FROM counters WHERE counterName = 'invoice'").first<{ counterValue: number }>())!
    .counterValue;

describe("stripe-webhook: a paid Checkout Session", () => {
  it("grants once, as card with the Stripe ids, with the receipt mail; a replay grants nothing more", async () => {
    const { client, referenceId, session } = await openSession(70, true);
    const first = await postEvent(COMPLETED, session);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Payment recorded.");
    expect(await paymentState(referenceId)).toMatchObject({
      status: "paid",
      method: "card",
      cardSessionId: session.id,
      cardPaymentIntentId: session.payment_intent,
      invoiceNumber: expect.any(Number),
    });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 70, ledger: 70 });
    expect(await receiptsTo(client.email)).toBe(1);

    // Stripe delivers again (same event, signed anew) and a second event for the same session arrives.
    for (const replay of [
      await postEvent(COMPLETED, session),
      await postEvent("checkout.session.async_payment_succeeded", session),
    ]) {
      expect(replay.status).toBe(200);
      expect(replay.body.message).toBe("Payment was already recorded.");
    }
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 70, ledger: 70 });
    expect(await receiptsTo(client.email)).toBe(1);
  });

  it("verifies the signature on the exact bytes: stale, future, forged, tampered, unsigned and malformed change nothing", async () => {
    const { client, referenceId, session } = await openSession(100, true);
    const payload = JSON.stringify(stripeEvent(COMPLETED, session));
    const cases = [
      ["stale (6 minutes old)", await postPayload(payload, { t: now() - 360 })],
      ["future-dated (6 minutes ahead)", await postPayload(payload, { t: now() + 360 })],
      ["forged (another secret)", await postPayload(payload, { secrets: ["whsec_not_ours"] })],
      [
        "tampered (signed over other bytes)",
        await postPayload(payload, { sendInstead: payload.replace(`"${referenceId}"`, `"${referenceId}" `) }),
      ],
      ["unsigned", await postPayload(payload, { header: null })],
      ["no v1", await postPayload(payload, { header: `t=${now()}` })],
      ["not hex", await postPayload(payload, { header: `t=${now()},v1=${"z".repeat(64)}` })],
    ] as const;
    for (const [name, res] of cases) {
      expect(res.status, name).toBe(401);
      expect(res.body, name).toEqual({ error: expect.any(String), code: "invalid_signature" });
    }
    expect((await paymentState(referenceId)).status).toBe("pending");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    // Within the tolerance either way, it is accepted.
    expect((await postPayload(payload, { t: now() - 240 })).status).toBe(200);
    expect((await paymentState(referenceId)).status).toBe("paid");
  });

  it("accepts the signature of either secret while Stripe rolls it, and ignores v0", async () => {
    const { referenceId, session } = await openSession(100, true);
    const payload = JSON.stringify(stripeEvent(COMPLETED, session));
    const rolled = await stripeSignatureHeader(payload, now(), ["whsec_the_old_one", STAND_IN_WEBHOOK_SECRET]);
    const v0 = `${rolled},v0=${"0".repeat(64)}`;
    expect((await postPayload(payload, { header: v0 })).status).toBe(200);
    expect((await paymentState(referenceId)).status).toBe("paid");
  });

  it("refuses a session whose amount or currency is not the payment's, granting nothing", async () => {
    const { client, referenceId, session } = await openSession(100, true);
    for (const wrong of [
      { amount_total: session.amount_total - 1 },
      { amount_total: session.amount_total * 100 },
      { currency: "eur" },
    ]) {
      const res = await postEvent(COMPLETED, { ...session, ...wrong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: "amount_mismatch" });
    }
    expect((await paymentState(referenceId)).status).toBe("pending");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("never grants a payment other than the one its session was made for", async () => {
    const paid = await openSession(100, true);
    const other = await openSession(500);
    // A session naming another payment (Stripe would never send this; the webhook must not trust it either).
    // Its charge is real (Stripe signed it): it is recorded for a refund, never granted.
    const swapped = { ...paid.session, client_reference_id: other.referenceId, metadata: { referenceId: other.referenceId } };
    const res = await postEvent(COMPLETED, swapped);
    expect(res.status).toBe(200);
    expect((await auditRows(other.referenceId, "card-payment-unapplied")).map((r) => JSON.parse(r.detail).reason)).toEqual([
      "unknown-session",
    ]);
    // Unpaid, it is still refused: Stripe retries it until the session is paid or expired.
    const unpaid = await postEvent(COMPLETED, { ...swapped, payment_status: "unpaid" });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe("session_mismatch");
    const halfSwapped = await postEvent(COMPLETED, { ...paid.session, client_reference_id: other.referenceId });
    expect(halfSwapped.status).toBe(400);
    expect(halfSwapped.body.code).toBe("reference_mismatch");
    expect((await paymentState(other.referenceId)).status).toBe("pending");
    expect(await quotaAndLedger(other.client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    expect((await paymentState(paid.referenceId)).status).toBe("pending");
  });

  it("acknowledges what is not the portal's without changing anything", async () => {
    const { referenceId, session } = await openSession(100, true);
    const foreign = await postEvent(COMPLETED, { ...session, client_reference_id: null, metadata: {} });
    expect(foreign.status).toBe(200);
    const unknown = await postEvent(COMPLETED, {
      ...session,
      client_reference_id: "B".repeat(24),
      metadata: { referenceId: "B".repeat(24) },
    });
    expect(unknown.status).toBe(200);
    const otherType = await postEvent("payment_intent.succeeded", { id: "pi_test_1", object: "payment_intent" });
    expect(otherType).toMatchObject({ status: 200, body: { message: "Event ignored." } });
    const notASession = await postEvent(COMPLETED, { id: "x", object: "payment_intent" });
    expect(notASession.status).toBe(400);
    expect((await paymentState(referenceId)).status).toBe("pending");
  });
});

describe("stripe-webhook: sessions that do not pay at once", () => {
  it("waits for async_payment_succeeded when the session completes unpaid, then grants once", async () => {
    const { client, referenceId, session } = await openSession(40, true);
    const unpaid = await postEvent(COMPLETED, { ...session, payment_status: "unpaid" });
    expect(unpaid.status).toBe(200);
    expect((await paymentState(referenceId)).status).toBe("pending");
    expect((await postEvent("checkout.session.async_payment_succeeded", session)).status).toBe(200);
    expect((await paymentState(referenceId)).status).toBe("paid");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 40, ledger: 40 });
  });

  it("keeps the payment open after an expired session or a failed async payment; the next click makes a new session", async () => {
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const { referenceId, sessionId, session } = await openSession();
      const res = await postEvent(type, { ...session, status: type.endsWith("expired") ? "expired" : "complete" });
      expect(res.status, type).toBe(200);
      expect(await paymentState(referenceId), type).toMatchObject({ status: "pending", cardSessionId: null });
      const again = await startCard(referenceId);
      expect(again.status, type).toBe(200);
      expect(again.body.url, type).not.toContain(sessionId);
      expect((await paymentState(referenceId)).cardAttempt, type).toBe(2);
      // A late event of the replaced session changes nothing.
      expect((await postEvent("checkout.session.expired", session)).status, type).toBe(200);
      expect((await paymentState(referenceId)).cardSessionId, type).not.toBeNull();
    }
  });
});

describe("stripe-webhook against the other ways a payment is settled", () => {
  it("grants once when the webhook, an admin's confirmation and replays race, with gap-free invoice numbers", async () => {
    const admin = await createAdmin();
    const orders = await Promise.all([openSession(10, true), openSession(20, true), openSession(30, true)]);
    const before = await invoiceCounter();
    const answers = await Promise.all(
      orders.flatMap(({ referenceId, session }) => [
        postEvent(COMPLETED, session),
        call("confirm-payment", { referenceId }, { cookie: admin.cookie }),
        postEvent(COMPLETED, session),
        call("confirm-payment", { referenceId }, { cookie: admin.cookie }),
      ]),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const [i, { client, referenceId }] of orders.entries()) {
      expect((await paymentState(referenceId)).status).toBe("paid");
      expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: (i + 1) * 10, ledger: (i + 1) * 10 });
      expect(await receiptsTo(client.email)).toBe(1);
      // When the admin's confirmation won, the card charge is left for a refund, and the log says so.
      const state = await paymentState(referenceId);
      expect((await auditRows(referenceId, "card-payment-unapplied")).length > 0).toBe(state.method !== "card");
    }
    expect((await invoiceCounter()) - before).toBe(3);
  });

  it("grants nothing for a cancelled payment and logs the charge to refund; grants a payment the cron expired meanwhile", async () => {
    const admin = await createAdmin();
    const cancelled = await openSession(100, true);
    await call("cancel-payment", { referenceId: cancelled.referenceId }, { cookie: admin.cookie });
    const res = await postEvent(COMPLETED, cancelled.session);
    expect(res.status).toBe(200);
    expect((await paymentState(cancelled.referenceId)).status).toBe("cancelled");
    expect(await quotaAndLedger(cancelled.client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    const [row] = await auditRows(cancelled.referenceId, "card-payment-unapplied");
    expect(row!.actorEmail).toBe("stripe-webhook");
    expect(JSON.parse(row!.detail)).toMatchObject({ status: "cancelled", paymentIntentId: cancelled.session.payment_intent });

    const expired = await openSession(100, true);
    await env.DB.prepare("UPDATE payments SET status = 'expired' WHERE referenceId = ?1").bind(expired.referenceId).run();
    expect((await postEvent(COMPLETED, expired.session)).status).toBe(200);
    expect(await paymentState(expired.referenceId)).toMatchObject({ status: "paid", method: "card" });
    expect(await quotaAndLedger(expired.client.userId)).toEqual({ userQuota: 100, ledger: 100 });
  });
});
