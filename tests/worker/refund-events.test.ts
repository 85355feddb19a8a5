import { describe, expect, it } from "vitest";
import { quotaAndLedger } from "./helpers";
import {
  auditDetails,
  creditNoteCounter,
  dashboardRefund,
  nextRefund,
  paidCard,
  paymentMoney,
  refund,
  refundsOf,
  setRefund,
} from "./refund-support";
import { postEvent } from "./stripe-support";

const REASON = "Duplicate order";

describe("a refund made in Stripe's dashboard, arriving as events", () => {
  it("charge.refunded takes the refund-payment path once: credit note, points; its other events and replays change nothing", async () => {
    const { client, referenceId, amount, paymentIntent } = await paidCard(100);
    const before = await creditNoteCounter();
    const { refund: made, charge } = await dashboardRefund(paymentIntent, 400);
    // The charge carries no refunds list (API versions since 2022-11-15): the portal lists them at Stripe.
    expect(charge).not.toHaveProperty("refunds");
    const first = await postEvent("charge.refunded", charge);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Refund applied.");
    expect(await paymentMoney(referenceId)).toEqual({ status: "partially_refunded", refundedAmount: 400, refundPending: 0 });
    expect(await refundsOf(referenceId)).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amount: 400,
        stripeRefundId: made.id,
        creditNoteNumber: before + 1,
        pointsReclaimed: 40,
      }),
    ]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 60, ledger: 60 });
    const [row] = await auditDetails(referenceId, "refund-payment");
    expect(row).toMatchObject({ actorEmail: "stripe-webhook", stripeRefundId: made.id, reason: "Stripe: requested_by_customer" });

    for (const replay of [
      await postEvent("refund.created", made),
      await postEvent("charge.refunded", charge),
      await postEvent("refund.updated", made),
    ]) {
      expect(replay.status).toBe(200);
      expect(replay.body.message).toBe("Refund ignored: already applied, or not a payment of this portal.");
    }
    expect(await creditNoteCounter()).toBe(before + 1);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 60, ledger: 60 });

    // The rest, refunded in the dashboard too, arriving as refund.created first.
    const { refund: rest } = await dashboardRefund(paymentIntent, amount - 400);
    expect((await postEvent("refund.created", rest)).body.message).toBe("Refund applied.");
    expect(await paymentMoney(referenceId)).toEqual({ status: "refunded", refundedAmount: amount, refundPending: 0 });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("concurrent deliveries of the same refund settle it once", async () => {
    const { referenceId, paymentIntent } = await paidCard(100);
    const { refund: made, charge } = await dashboardRefund(paymentIntent, 300);
    const answers = await Promise.all([
      postEvent("charge.refunded", charge),
      postEvent("refund.created", made),
      postEvent("charge.refunded", charge),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await refundsOf(referenceId)).filter((r) => r.status === "succeeded")).toHaveLength(1);
    expect(await paymentMoney(referenceId)).toMatchObject({ refundedAmount: 300, refundPending: 0 });
  });

  it("ignores a refund of a payment the portal does not know, and an event that is not a refund's", async () => {
    const res = await postEvent("refund.created", {
      id: "re_test_x",
      object: "refund",
      amount: 5,
      currency: "usd",
      status: "succeeded",
      payment_intent: "pi_unknown",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Refund ignored: already applied, or not a payment of this portal.");
    const bad = await postEvent("refund.updated", { id: "x", object: "charge" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid_event");
  });
});

describe("a refund Stripe does not make at once", () => {
  it("pending at Stripe: the amount stays reserved until refund.updated says succeeded, then settles once", async () => {
    const { admin, client, referenceId, amount, paymentIntent } = await paidCard(100);
    await nextRefund(paymentIntent, "pending");
    const res = await refund(admin, { referenceId, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Stripe is processing the refund: it is settled when Stripe confirms it.");
    expect(res.body.creditNote).toMatchObject({ status: "pending", creditNoteNumber: null });
    expect(await paymentMoney(referenceId)).toEqual({ status: "paid", refundedAmount: 0, refundPending: amount });
    // Nothing is left to refund while it is in flight.
    expect((await refund(admin, { referenceId, amount: 1, reason: REASON })).body.code).toBe("refund_exceeds_payment");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 100, ledger: 100 });

    const [row] = await refundsOf(referenceId);
    const done = await setRefund(row!.stripeRefundId!, { status: "succeeded" });
    expect((await postEvent("refund.updated", done)).body.message).toBe("Refund applied.");
    expect((await postEvent("refund.updated", done)).body.message).toBe(
      "Refund ignored: already applied, or not a payment of this portal.",
    );
    expect(await paymentMoney(referenceId)).toEqual({ status: "refunded", refundedAmount: amount, refundPending: 0 });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("failed at Stripe: shown as failed, no credit note number taken, the payment as it was", async () => {
    const { admin, referenceId, paymentIntent } = await paidCard(100);
    const before = await creditNoteCounter();
    await nextRefund(paymentIntent, "failed");
    const failed = await refund(admin, { referenceId, reason: REASON });
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe("refund_refused");
    expect(await refundsOf(referenceId)).toEqual([expect.objectContaining({ status: "failed", creditNoteNumber: null })]);
    expect(await paymentMoney(referenceId)).toEqual({ status: "paid", refundedAmount: 0, refundPending: 0 });
    expect(await creditNoteCounter()).toBe(before);

    // Refused outright (a 400 from Stripe): the same.
    await nextRefund(paymentIntent, "refuse");
    expect((await refund(admin, { referenceId, reason: REASON })).body.code).toBe("refund_refused");
    expect(await paymentMoney(referenceId)).toEqual({ status: "paid", refundedAmount: 0, refundPending: 0 });

    // A pending refund that later fails (refund.failed) releases its reservation.
    await nextRefund(paymentIntent, "pending");
    await refund(admin, { referenceId, amount: 200, reason: REASON });
    const pending = (await refundsOf(referenceId)).at(-1)!;
    const lost = await setRefund(pending.stripeRefundId!, { status: "failed", failure_reason: "expired_or_canceled_card" });
    expect((await postEvent("refund.failed", lost)).body.message).toBe("Refund applied.");
    expect((await refundsOf(referenceId)).at(-1)).toMatchObject({ status: "failed" });
    expect(await paymentMoney(referenceId)).toEqual({ status: "paid", refundedAmount: 0, refundPending: 0 });
    expect(await auditDetails(referenceId, "refund-failed")).toHaveLength(3);
  });
});
