import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createAdmin, createBundle, createJobSite, createUser, pdfFile, quotaAndLedger } from "./helpers";
import { openSession, paymentState, postEvent } from "./stripe-support";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const COMPLETED = "checkout.session.completed";

async function buyBundle(cookie: string) {
  const bundle = await createBundle({ points: 100, ppp: 10 });
  const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie });
  return res.body.referenceId as string;
}

const mailsTo = async (address: string) =>
  (
    await env.DB.prepare("SELECT mailKind, status FROM outbox WHERE toEmail = ?1 ORDER BY mailId")
      .bind(address)
      .all<{ mailKind: string; status: string }>()
  ).results;

const deletedAddress = (userId: number) => `deleted-${userId}@deleted.invalid`;

describe("a deleted account's open payments and mail (issue 30)", () => {
  it("cancels its open payments in the delete batch: a later confirmation grants nothing and mails nobody", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const pending = await buyBundle(client.cookie);
    const proven = await buyBundle(client.cookie);
    expect((await callForm("payment-proof", { referenceId: proven, file: new File([PNG], "p.png") })).status).toBe(200);

    expect((await call("deleteuser", { userId: client.userId }, { cookie: admin.cookie })).status).toBe(200);
    for (const referenceId of [pending, proven]) {
      expect((await paymentState(referenceId)).status).toBe("cancelled");
      const confirm = await call("confirm-payment", { referenceId }, { cookie: admin.cookie });
      expect(confirm.status).toBe(409);
    }
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    expect((await mailsTo(deletedAddress(client.userId))).filter((m) => m.status === "queued")).toEqual([]);
  });

  it("refuses the grant to a deleted account even for a payment left open, and flags a card charge for a refund", async () => {
    const order = await openSession(100, true);
    const admin = await createAdmin();
    expect((await call("deleteuser", { userId: order.client.userId }, { cookie: admin.cookie })).status).toBe(200);
    // Stripe's event arrives after the deletion; the payment is cancelled, the money was taken.
    const res = await postEvent(COMPLETED, order.session);
    expect(res.status).toBe(200);
    expect(await quotaAndLedger(order.client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    const flagged = await env.DB.prepare(
      "SELECT detail FROM audit_log WHERE action = 'card-payment-unapplied' AND subjectId = ?1",
    )
      .bind(order.referenceId)
      .all<{ detail: string }>();
    expect(flagged.results.map((r) => JSON.parse(r.detail))).toEqual([
      expect.objectContaining({
        reason: "account-closed",
        sessionId: order.session.id,
        paymentIntentId: order.session.payment_intent,
      }),
    ]);

    // A card payment the cron had expired (the card grant accepts those) is refused all the same.
    const late = await openSession(50, true);
    await env.DB.prepare("UPDATE payments SET status = 'expired' WHERE referenceId = ?1").bind(late.referenceId).run();
    expect((await call("deleteuser", { userId: late.client.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await postEvent(COMPLETED, late.session)).status).toBe(200);
    expect((await paymentState(late.referenceId)).status).toBe("expired");
    expect(await quotaAndLedger(late.client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("withdraws mail queued to the account; its queued job fails with the deletion, refunded, and a late result mails nobody", async () => {
    const admin = await createAdmin();
    const site = await createJobSite({ price: 10 });
    const client = await createUser({ quota: 30 });
    await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason) VALUES (?1, 30, 'adjust')").bind(client.userId).run();
    const submitted = await callForm("submit-job", { siteId: String(site.siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(submitted.status).toBe(200);
    await call("forgot-password", { email: client.email });
    expect((await mailsTo(client.email)).map((m) => m.status)).toContain("queued");

    expect((await call("deleteuser", { userId: client.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await mailsTo(client.email)).filter((m) => m.status === "queued")).toEqual([]);

    // Its document is erased with the account (issue 25): the job failed in the same batch, so a result
    // arriving later is refused.
    const late = await callForm(
      "update-history",
      { uniqueId: submitted.body.history.fileData.uniqueId, status: "2" },
      { cookie: admin.cookie },
    );
    expect(late.status).toBe(409);
    expect(await mailsTo(deletedAddress(client.userId))).toEqual([]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 30, ledger: 30 });
  });
});
