import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createBundle, quotaAndLedger } from "./helpers";
import {
  auditDetails,
  creditNoteCounter,
  creditNoteMails,
  paidCard,
  paidTransfer,
  paymentMoney,
  refund,
  refundRequests,
  refundsOf,
} from "./refund-support";

const REASON = "Client asked";

describe("refund-payment of a transfer (money returned by hand)", () => {
  it("refunds in full: status refunded, a numbered credit note with its lines, the points taken back, the mail", async () => {
    const { client, admin, referenceId, amount } = await paidTransfer({ points: 100 });
    const before = await creditNoteCounter();
    const res = await refund(admin, { referenceId, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Refund made: its credit note was issued.");
    expect(res.body.payment).toMatchObject({ status: "refunded", refundedAmount: amount });
    expect(res.body.creditNote).toMatchObject({
      creditNoteNumber: before + 1,
      status: "succeeded",
      amount,
      reason: REASON,
      method: "manual",
      invoiceNumber: res.body.payment.invoiceNumber,
      lines: [{ kind: "bundle", name: "100 points", gross: amount, points: 100 }],
      pointsReclaimed: 100,
      pointsSpent: 0,
    });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    expect(await paymentMoney(referenceId)).toEqual({ status: "refunded", refundedAmount: amount, refundPending: 0 });
    expect(await creditNoteMails(client.email)).toEqual([
      { mailSubject: expect.stringContaining(`CN-${before + 1}`), attachment: `credit-note:${before + 1}` },
    ]);
    const [row] = await auditDetails(referenceId, "refund-payment");
    expect(row).toMatchObject({ amount, method: "manual", creditNoteNumber: before + 1, pointsReclaimed: 100, pointsSpent: 0 });
    // Nothing is left: a second refund is refused and changes nothing.
    const again = await refund(admin, { referenceId, reason: REASON });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("not_refundable");
    expect(await creditNoteCounter()).toBe(before + 1);
  });

  it("refunds in parts: partially_refunded, points in proportion, then the rest takes back exactly what is left", async () => {
    const { client, admin, referenceId, amount } = await paidTransfer({ points: 100 });
    const part = await refund(admin, { referenceId, amount: 333, reason: REASON });
    expect(part.status).toBe(200);
    expect(part.body.payment).toMatchObject({ status: "partially_refunded", refundedAmount: 333 });
    // 100 points × 333 / 1000, rounded down.
    expect(part.body.creditNote).toMatchObject({ amount: 333, pointsReclaimed: 33, lines: [{ gross: 333 }] });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 67, ledger: 67 });

    const tooMuch = await refund(admin, { referenceId, amount: amount - 333 + 1, reason: REASON });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("refund_exceeds_payment");

    const rest = await refund(admin, { referenceId, reason: REASON });
    expect(rest.body.payment).toMatchObject({ status: "refunded", refundedAmount: amount });
    expect(rest.body.creditNote).toMatchObject({ amount: amount - 333, pointsReclaimed: 67 });
    expect(rest.body.creditNote.creditNoteNumber).toBe(part.body.creditNote.creditNoteNumber + 1);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("never takes points below zero: what the client spent is named on the credit note and the audit row", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 100 });
    // The client spends 70 of the 100 points (an admin's adjustment stands in for jobs).
    expect(
      (await call("adjust-quota", { userId: client.userId, delta: -70, reason: "spent" }, { cookie: admin.cookie })).status,
    ).toBe(200);
    const res = await refund(admin, { referenceId, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body.creditNote).toMatchObject({ pointsReclaimed: 30, pointsSpent: 70 });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    const [row] = await auditDetails(referenceId, "refund-payment");
    expect(row).toMatchObject({ pointsReclaimed: 30, pointsSpent: 70 });
    const ledger = await env.DB.prepare("SELECT delta, reason, note FROM quota_ledger WHERE userId = ?1 AND ref LIKE 'reclaim:%'")
      .bind(client.userId)
      .first();
    expect(ledger).toMatchObject({ delta: -30, reason: "grant", note: expect.stringContaining("Refund of invoice") });
  });

  it("a full refund ends the subscription the payment started; a partial one keeps it", async () => {
    const kept = await paidTransfer({ itemDays: 30 });
    expect(
      (await refund(kept.admin, { referenceId: kept.referenceId, amount: 1000, reason: REASON })).body.creditNote,
    ).toMatchObject({
      subscriptionsEnded: 0,
    });
    const active = async (userId: number) =>
      (await call("search-subscription", { userId }, { cookie: kept.admin.cookie })).body.data.map(
        (s: { active: boolean }) => s.active,
      );
    expect(await active(kept.client.userId)).toEqual([true]);

    const ended = await paidTransfer({ itemDays: 30 });
    const res = await refund(ended.admin, { referenceId: ended.referenceId, reason: REASON });
    expect(res.body.creditNote).toMatchObject({ subscriptionsEnded: 1 });
    expect(await active(ended.client.userId)).toEqual([false]);
    expect((await call("me", {}, { cookie: ended.client.cookie })).body.userData.userPlan).toBeNull();
  });

  it("of concurrent refunds of what is left, exactly one succeeds; one credit note, the points taken once", async () => {
    const { client, admin, referenceId, amount } = await paidTransfer({ points: 100 });
    const before = await creditNoteCounter();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(admin, { referenceId, reason: REASON })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await creditNoteCounter()).toBe(before + 1);
    expect(await refundsOf(referenceId)).toEqual([expect.objectContaining({ status: "succeeded", amount })]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });

    // Two partial refunds that do not both fit: one succeeds, nothing is refunded twice.
    const other = await paidTransfer({ points: 100 });
    const racing = await Promise.all(
      [1, 2].map(() => refund(other.admin, { referenceId: other.referenceId, amount: 600, reason: REASON })),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await paymentMoney(other.referenceId)).toEqual({
      status: "partially_refunded",
      refundedAmount: 600,
      refundPending: 0,
    });
  });

  it("is for admins, of paid payments, with a reason; bad input changes nothing", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 10 });
    const before = await paymentMoney(referenceId);
    const byClient = await call("refund-payment", { referenceId, reason: REASON }, { cookie: client.cookie });
    expect(byClient.status).toBe(403);
    expect((await refund(admin, { referenceId })).status).toBe(400);
    expect((await refund(admin, { referenceId, reason: REASON, amount: 0 })).status).toBe(400);
    expect((await refund(admin, { referenceId: "x".repeat(30), reason: REASON })).status).toBe(404);
    const pending = await call("checkout", { kind: "bundle", refId: (await createBundle()).bundleId }, { cookie: client.cookie });
    const open = await refund(admin, { referenceId: pending.body.referenceId, reason: REASON });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe("not_refundable");
    expect(await paymentMoney(referenceId)).toEqual(before);
    expect(await refundsOf(referenceId)).toEqual([]);
  });
});

describe("refund-payment of a card payment (Stripe's Refunds API)", () => {
  it("refunds in full through Stripe with one idempotency key per refund", async () => {
    const { client, admin, referenceId, amount, paymentIntent } = await paidCard(100);
    const res = await refund(admin, { referenceId, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ status: "refunded", refundedAmount: amount });
    expect(res.body.creditNote).toMatchObject({ method: "card", status: "succeeded", pointsReclaimed: 100 });
    const [sent, ...more] = await refundRequests(paymentIntent);
    expect(more).toEqual([]);
    expect(sent!.idempotencyKey).toMatch(/^refund:[A-Za-z0-9_-]{24}$/);
    expect(sent!.form).toMatchObject({
      payment_intent: paymentIntent,
      amount: String(amount),
      reason: "requested_by_customer",
      "metadata[referenceId]": referenceId,
    });
    const [row] = await refundsOf(referenceId);
    expect(row!.stripeRefundId).toMatch(/^re_test_/);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("refunds in part, then the rest", async () => {
    const { admin, referenceId, amount } = await paidCard(100);
    const part = await refund(admin, { referenceId, amount: 250, reason: REASON });
    expect(part.body.payment).toMatchObject({ status: "partially_refunded", refundedAmount: 250 });
    const rest = await refund(admin, { referenceId, reason: REASON });
    expect(rest.body.payment).toMatchObject({ status: "refunded", refundedAmount: amount });
    expect((await refundsOf(referenceId)).map((r) => r.amount)).toEqual([250, amount - 250]);
  });
});
