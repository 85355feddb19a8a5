import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createBundle, createUser, quotaAndLedger } from "./helpers";

const encoder = new TextEncoder();

/** Signs like the gateway: hex HMAC-SHA256 of "<t>.<raw body>" (computed here, not with the Worker's code). */
async function sign(body: string, t: number, secret = env.WEBHOOK_SECRET) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${body}`)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const now = () => Math.floor(Date.now() / 1000);

async function webhook(body: string, header: string | null) {
  return call("payment-webhook", undefined, {
    raw: body,
    headers: { "content-type": "application/json", ...(header ? { "x-signature": header } : {}) },
  });
}

async function signedWebhook(payload: object, t = now(), secret?: string) {
  // Extra spaces: the signature is over the bytes as sent, not a re-serialisation.
  const body = JSON.stringify(payload, null, 1);
  return webhook(body, `t=${t},v1=${await sign(body, t, secret)}`);
}

async function pendingPayment(points = 100) {
  const client = await createUser();
  const bundle = await createBundle({ points, ppp: 10 });
  const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
  return { client, referenceId: res.body.referenceId as string, amount: res.body.amount as number };
}

const statusOf = async (referenceId: string) =>
  (await env.DB.prepare("SELECT status, method FROM payments WHERE referenceId = ?1")
    .bind(referenceId)
    .first<{ status: string; method: string }>())!;

describe("payment webhook", () => {
  it("marks a payment paid once for a valid signature, and answers a replay without granting again", async () => {
    const { client, referenceId, amount } = await pendingPayment(70);
    const payload = { referenceId, status: "paid", amount };
    const first = await signedWebhook(payload);
    expect(first.status).toBe(200);
    expect(await statusOf(referenceId)).toEqual({ status: "paid", method: "gateway" });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 70, ledger: 70 });
    const replay = await signedWebhook(payload);
    expect(replay.status).toBe(200);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 70, ledger: 70 });
  });

  it("changes nothing for forged, stale, future-dated, unsigned, malformed or amount-mismatched calls", async () => {
    const { client, referenceId, amount } = await pendingPayment();
    const payload = { referenceId, status: "paid", amount };
    const body = JSON.stringify(payload);
    const cases = [
      ["forged (wrong secret)", await signedWebhook(payload, now(), "not-the-secret"), 401],
      ["stale (6 minutes old)", await signedWebhook(payload, now() - 360), 401],
      ["future-dated (6 minutes ahead)", await signedWebhook(payload, now() + 360), 401],
      ["unsigned", await webhook(body, null), 401],
      ["malformed header", await webhook(body, "v1=abc"), 401],
      // Signed over one body, sent with another.
      [
        "tampered body",
        await webhook(JSON.stringify({ ...payload, amount: 1 }), `t=${now()},v1=${await sign(body, now())}`),
        401,
      ],
      ["amount mismatch", await signedWebhook({ ...payload, amount: amount - 1 }), 400],
    ] as const;
    for (const [name, res, status] of cases) {
      expect(res.status, name).toBe(status);
      expect(res.body, name).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await statusOf(referenceId)).status).toBe("pending");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("accepts a signature within the 5-minute tolerance either way", async () => {
    const { referenceId, amount } = await pendingPayment();
    const res = await signedWebhook({ referenceId, status: "paid", amount }, now() + 240);
    expect(res.status).toBe(200);
    expect((await statusOf(referenceId)).status).toBe("paid");
  });

  it("accepts a body signed with several secrets (one of them ours) while the gateway rolls its secret", async () => {
    const { referenceId, amount } = await pendingPayment();
    const body = JSON.stringify({ referenceId, status: "paid", amount });
    const t = now();
    const header = `t=${t},v1=${await sign(body, t, "the-old-secret")},v1=${await sign(body, t)}`;
    expect((await webhook(body, header)).status).toBe(200);
    expect((await statusOf(referenceId)).status).toBe("paid");
  });

  it("ignores events other than paid and refuses closed payments", async () => {
    const admin = await createAdmin();
    const { referenceId, amount } = await pendingPayment();
    expect((await signedWebhook({ referenceId, status: "failed", amount })).status).toBe(200);
    expect((await statusOf(referenceId)).status).toBe("pending");
    await call("cancel-payment", { referenceId }, { cookie: admin.cookie });
    expect((await signedWebhook({ referenceId, status: "paid", amount })).status).toBe(409);
    expect((await statusOf(referenceId)).status).toBe("cancelled");
  });

  it("grants once when confirmation and webhook race, with gap-free invoice numbers", async () => {
    const admin = await createAdmin();
    const payments = await Promise.all([pendingPayment(10), pendingPayment(20), pendingPayment(30)]);
    const before = await env.DB.prepare("SELECT counterValue FROM counters WHERE counterName = 'invoice'").first<{
      counterValue: number;
    }>();
    const answers = await Promise.all(
      payments.flatMap(({ referenceId, amount }) => [
        call("confirm-payment", { referenceId }, { cookie: admin.cookie }),
        signedWebhook({ referenceId, status: "paid", amount }),
        call("confirm-payment", { referenceId }, { cookie: admin.cookie }),
        signedWebhook({ referenceId, status: "paid", amount }),
      ]),
    );
    // Losers of the race answer 409 (confirm) or 200 "already recorded" (webhook), never an error.
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 200 && a.body.message !== "Payment was already recorded.")).toHaveLength(3);
    for (const [i, { client, referenceId }] of payments.entries()) {
      expect((await statusOf(referenceId)).status).toBe("paid");
      expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: (i + 1) * 10, ledger: (i + 1) * 10 });
      const receipts = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE mailKind = 'receipt' AND toEmail = ?1")
        .bind(client.email)
        .first<{ n: number }>();
      expect(receipts!.n).toBe(1);
    }
    const numbers = await env.DB.prepare(
      `SELECT invoiceNumber FROM payments WHERE referenceId IN (?1, ?2, ?3) ORDER BY invoiceNumber`,
    )
      .bind(...payments.map((p) => p.referenceId))
      .all<{ invoiceNumber: number }>();
    const after = await env.DB.prepare("SELECT counterValue FROM counters WHERE counterName = 'invoice'").first<{
      counterValue: number;
    }>();
    expect(after!.counterValue - before!.counterValue).toBe(3);
    const all = await env.DB.prepare(
      "SELECT count(*) AS n, max(invoiceNumber) AS top FROM payments WHERE invoiceNumber IS NOT NULL",
    ).first<{
      n: number;
      top: number;
    }>();
    // Every number from 1 to the counter is used exactly once: no gaps, no duplicates.
    expect(all).toEqual({ n: after!.counterValue, top: after!.counterValue });
    expect(numbers.results).toHaveLength(3);
  });
});
