import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createAdmin, createBundle, createUser } from "./helpers";
import { openSession, postEvent } from "./stripe-support";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe("payment-attention: what the payments list shows first (issue 30)", () => {
  it("lists payments with a proof oldest first, past their expiry too, and card charges to refund", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const refs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bundle = await createBundle({ points: 10, ppp: 10 });
      const ref = (await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie })).body
        .referenceId;
      expect((await callForm("payment-proof", { referenceId: ref, file: new File([PNG], "p.png") })).status).toBe(200);
      refs.push(ref);
    }
    // The first proof's payment is long past its expiry; the cron leaves it for the admin.
    await env.DB.prepare(
      "UPDATE payments SET expiresAt = '2001-01-01T00:00:00.000Z', createdAt = '2001-01-01T00:00:00.000Z' WHERE referenceId = ?1",
    )
      .bind(refs[0])
      .run();
    const charged = await openSession(100, true);
    expect((await call("cancel-payment", { referenceId: charged.referenceId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await postEvent("checkout.session.completed", charged.session)).status).toBe(200);

    const res = await call("payment-attention", {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const mine = res.body.awaiting.filter((p: { userId: number }) => p.userId === client.userId);
    expect(mine.map((p: { referenceId: string }) => p.referenceId)).toEqual(refs);
    expect(res.body.awaitingTotal).toBeGreaterThanOrEqual(2);
    expect(res.body.refunds.find((r: { referenceId: string }) => r.referenceId === charged.referenceId)).toMatchObject({
      reason: "settled-another-way",
      status: "cancelled",
      sessionId: charged.session.id,
      paymentIntentId: charged.session.payment_intent,
      amount: charged.amount,
      currency: "USD",
    });
    expect(res.usage!.roundTrips).toBe(1);

    // Clients never see it.
    expect((await call("payment-attention", {}, { cookie: client.cookie })).status).toBe(403);
  });
});
