import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createBundle, createCoupon, createJobSite, pdfFile, quotaAndLedger, type CallResult } from "./helpers";
import { insertUser, sessionCookie } from "./proof-support";

/**
 * Concurrent requests against the invariants of DESIGN.md: quota never below zero, balance = sum of
 * the ledger, a coupon used once, a payment granted once, a refund once, one ledger row per ref.
 * Requests are fired together (Promise.all), so each handler's read and its conditional write
 * interleave with the others' as they would under real load.
 */

/** A client with `points` of balance, carried by a ledger row as every balance must be. */
async function fundedClient(points: number) {
  const user = await insertUser("client", { quota: points });
  if (points > 0) {
    await env.DB.prepare(
      "INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, ?2, 'adjust', ?3, 'proof funding')",
    )
      .bind(user.userId, points, `proof:fund:${user.userId}`)
      .run();
  }
  return { ...user, cookie: await sessionCookie(user.userId) };
}

const countCart = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM carts WHERE userId = ?1").bind(userId).first<{ n: number }>())!.n;

const statuses = (answers: CallResult[]) => answers.map((a) => a.status).sort();

async function expectLedgerHolds(userIds: number[]) {
  for (const userId of userIds) {
    const { userQuota, ledger } = await quotaAndLedger(userId);
    expect(userQuota, `user ${userId} balance`).toBeGreaterThanOrEqual(0);
    expect(userQuota, `user ${userId} balance = sum(ledger)`).toBe(ledger);
  }
  const dupes = await env.DB.prepare(
    "SELECT ref, count(*) AS n FROM quota_ledger WHERE ref IS NOT NULL GROUP BY ref HAVING n > 1",
  ).all();
  expect(dupes.results, "one ledger row per ref").toEqual([]);
}

const encoder = new TextEncoder();
/** The gateway's X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body"> with WEBHOOK_SECRET. */
async function signature(body: string): Promise<string> {
  const t = Math.floor(Date.now() / 1000);
  const key = await crypto.subtle.importKey("raw", encoder.encode(env.WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${body}`)));
  return `t=${t},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

describe("races", () => {
  it("credits a coupon once when many clients (and one client many times) redeem it together", async () => {
    const coupon = await createCoupon({ quota: 40 });
    const same = await fundedClient(0);
    const others = await Promise.all([1, 2, 3, 4].map(() => fundedClient(0)));
    const tries = [same, same, same, same, ...others].map((c) =>
      call("redeem-coupon", { couponCode: coupon.code }, { cookie: c.cookie }),
    );
    const answers = await Promise.all(tries);
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe("coupon_used");

    const row = await env.DB.prepare("SELECT couponUsed, couponUsedBy FROM coupons WHERE couponId = ?1")
      .bind(coupon.couponId)
      .first<{ couponUsed: string; couponUsedBy: number }>();
    expect(row!.couponUsed).toBe("Y");
    const ledger = await env.DB.prepare("SELECT userId, delta FROM quota_ledger WHERE ref = ?1")
      .bind(`coupon:${coupon.couponId}`)
      .all<{ userId: number; delta: number }>();
    expect(ledger.results).toEqual([{ userId: row!.couponUsedBy, delta: 40 }]);
    const everyone = [same, ...others].map((c) => c.userId);
    const total = await env.DB.prepare(`SELECT sum(userQuota) AS n FROM users WHERE userId IN (${everyone.join(",")})`).first<{
      n: number;
    }>();
    expect(total!.n).toBe(40);
    await expectLedgerHolds(everyone);
  });

  it("takes points for at most as many jobs as the balance pays for, never going below zero", async () => {
    const { siteId } = await createJobSite({ price: 3, vendors: 2 });
    const client = await fundedClient(7);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        callForm("submit-job", { siteId: String(siteId), file: pdfFile(`essay-${n}.pdf`) }, { cookie: client.cookie }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 1, ledger: 1 });
    const jobs = await env.DB.prepare("SELECT count(*) AS n, sum(pointsSpent) AS spent FROM history WHERE userId = ?1")
      .bind(client.userId)
      .first<{ n: number; spent: number }>();
    expect(jobs).toEqual({ n: 2, spent: 6 });
    await expectLedgerHolds([client.userId]);
  });

  it("refunds a failed job once when it is failed twice at the same time", async () => {
    const { siteId } = await createJobSite({ price: 4 });
    const client = await fundedClient(4);
    const submitted = await callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
    expect(submitted.status).toBe(200);
    const uniqueId = submitted.body.history.fileData.uniqueId as string;
    const admin = await insertUser("admin");
    const cookie = await sessionCookie(admin.userId);
    const answers = await Promise.all([1, 2, 3].map(() => callForm("update-history", { uniqueId, status: "2" }, { cookie })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 4, ledger: 4 });
    const refunds = await env.DB.prepare("SELECT count(*) AS n FROM quota_ledger WHERE userId = ?1 AND reason = 'refund'")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(refunds!.n).toBe(1);
    await expectLedgerHolds([client.userId]);
  });

  it("makes one payment of a cart however many checkouts race for it (issue 28)", async () => {
    const client = await fundedClient(0);
    const bundle = await createBundle({ points: 50, ppp: 10 });
    const other = await createBundle({ points: 20, ppp: 10 });
    for (const b of [bundle, other]) {
      expect((await call("updatecart", { kind: "bundle", refId: b.bundleId, qty: 2 }, { cookie: client.cookie })).status).toBe(
        200,
      );
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("checkout", {}, { cookie: client.cookie })));
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe("cart_empty");
    const payments = await env.DB.prepare("SELECT referenceId, amount, lines FROM payments WHERE userId = ?1")
      .bind(client.userId)
      .all<{ referenceId: string; amount: number; lines: string }>();
    expect(payments.results.map((p) => p.referenceId)).toEqual([won[0]!.body.referenceId]);
    expect(JSON.parse(payments.results[0]!.lines)).toHaveLength(2);
    expect(payments.results[0]!.amount).toBe(1400);
    expect(await countCart(client.userId)).toBe(0);
    // Afterwards the cart is empty: a further checkout is refused as before.
    const again = await call("checkout", {}, { cookie: client.cookie });
    expect([again.status, again.body.code]).toEqual([400, "cart_empty"]);
  });

  it('answers one payment to a repeated "buy now" of the same product, and leaves the cart alone', async () => {
    const client = await fundedClient(0);
    const bundle = await createBundle({ points: 50, ppp: 10 });
    const inCart = await createBundle({ points: 10, ppp: 10 });
    await call("updatecart", { kind: "bundle", refId: inCart.bundleId, qty: 1 }, { cookie: client.cookie });
    const buy = () => call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    const answers = await Promise.all(Array.from({ length: 10 }, buy));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const references = new Set(answers.map((a) => a.body.referenceId as string));
    expect(references.size).toBe(1);
    const payments = await env.DB.prepare("SELECT referenceId, lines FROM payments WHERE userId = ?1")
      .bind(client.userId)
      .all<{ referenceId: string; lines: string }>();
    expect(payments.results.map((p) => p.referenceId)).toEqual([...references]);
    expect(JSON.parse(payments.results[0]!.lines)).toMatchObject([{ kind: "bundle", refId: bundle.bundleId, qty: 1 }]);
    // Every answer carries the one payment, as the payment page shows it.
    for (const a of answers) expect(a.body.payment.referenceId).toBe([...references][0]);
    expect(await countCart(client.userId)).toBe(1);
    // Another quantity is another order.
    const two = await call("checkout", { kind: "bundle", refId: bundle.bundleId, qty: 2 }, { cookie: client.cookie });
    expect(two.status).toBe(200);
    expect(references.has(two.body.referenceId)).toBe(false);
  });

  it("grants a payment once under double admin confirms and replayed gateway webhooks", async () => {
    const client = await fundedClient(0);
    const bundle = await createBundle({ points: 90, ppp: 10 });
    const checkout = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    expect(checkout.status).toBe(200);
    const { referenceId, amount } = checkout.body as { referenceId: string; amount: number };
    const admin = await insertUser("admin");
    const adminCookie = await sessionCookie(admin.userId);
    const body = JSON.stringify({ referenceId, status: "paid", amount });
    const header = await signature(body);
    const webhook = () =>
      call("payment-webhook", undefined, { raw: body, headers: { "content-type": "application/json", "x-signature": header } });
    const confirm = () => call("confirm-payment", { referenceId }, { cookie: adminCookie });
    const answers = await Promise.all([confirm(), webhook(), confirm(), webhook(), webhook(), confirm()]);
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      if (a.status >= 400) expect([409]).toContain(a.status);
    }

    const payment = await env.DB.prepare("SELECT status, invoiceNumber, paidAt FROM payments WHERE referenceId = ?1")
      .bind(referenceId)
      .first<{ status: string; invoiceNumber: number | null; paidAt: string | null }>();
    expect(payment!.status).toBe("paid");
    expect(payment!.invoiceNumber).not.toBeNull();
    const grants = await env.DB.prepare("SELECT delta FROM quota_ledger WHERE userId = ?1 AND reason = 'grant'")
      .bind(client.userId)
      .all<{ delta: number }>();
    expect(grants.results).toEqual([{ delta: 90 }]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 90, ledger: 90 });
    await expectLedgerHolds([client.userId]);
  });

  it("keeps one whole version of a profile saved from several tabs at once", async () => {
    const client = await fundedClient(0);
    const { userEmail } = (await env.DB.prepare("SELECT userEmail FROM users WHERE userId = ?1")
      .bind(client.userId)
      .first<{ userEmail: string }>())!;
    const versions = [1, 2, 3, 4, 5].map((n) => ({ userName: `Tab ${n} Name`, userPhone: `+1 555 010 ${n}` }));
    const answers = await Promise.all(
      versions.map((v) => callForm("updateuser", { userId: String(client.userId), userEmail, ...v }, { cookie: client.cookie })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const row = await env.DB.prepare("SELECT userName, userPhone, userEmail, userRole, userQuota FROM users WHERE userId = ?1")
      .bind(client.userId)
      .first<{ userName: string; userPhone: string; userEmail: string; userRole: string; userQuota: number }>();
    // Name and phone come from the same save, never a mix of two.
    expect(versions).toContainEqual({ userName: row!.userName, userPhone: row!.userPhone });
    expect(row).toMatchObject({ userEmail, userRole: "client", userQuota: 0 });
    // The search index follows the last save only.
    const indexed = await env.DB.prepare("SELECT rowid FROM users_fts WHERE users_fts MATCH ?1")
      .bind(`"${row!.userName}"`)
      .all<{ rowid: number }>();
    expect(indexed.results.map((r) => r.rowid)).toEqual([client.userId]);
    const stale = await env.DB.prepare("SELECT count(*) AS n FROM users_fts WHERE users_fts MATCH '\"Tab\"' AND rowid = ?1")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(stale!.n).toBe(1);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(200);
  });
});
