import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/src/index";
import { call, callForm, countRows, createAdmin, createBundle, createItem, createUser, quotaAndLedger } from "./helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function buyBundle(cookie: string, points = 100, ppp = 10) {
  const bundle = await createBundle({ points, ppp });
  await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 1 }, { cookie });
  const res = await call("checkout", {}, { cookie });
  expect(res.status).toBe(200);
  return res.body.referenceId as string;
}

const paymentRow = (referenceId: string) =>
  env.DB.prepare("SELECT status, invoiceNumber, paidAt, proofKey FROM payments WHERE referenceId = ?1")
    .bind(referenceId)
    .first<{ status: string; invoiceNumber: number | null; paidAt: string | null; proofKey: string | null }>();

describe("a payment's whole life", () => {
  it("goes from checkout to proof to confirmation, granting points and a subscription once", async () => {
    const client = await createUser({ name: "Amira Haddad" });
    const admin = await createAdmin();
    const bundle = await createBundle({ points: 120, ppp: 10 });
    const itemId = await createItem({ name: "Pro plan", price: 2490, days: 90 });
    await call("updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 2 }, { cookie: client.cookie });
    await call("updatecart", { kind: "item", refId: itemId, qty: 1 }, { cookie: client.cookie });
    const checkout = await call("checkout", {}, { cookie: client.cookie });
    const ref = checkout.body.referenceId as string;
    expect(checkout.body.amount).toBe(2 * 1200 + 2490);

    // The public page: amount, lines, bank details, a masked name and nothing personal.
    const detail = await call("payment-detail", { referenceId: ref });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ referenceId: ref, amount: 4890, status: "pending", payerName: "A**** H*****" });
    expect(detail.body.bank).toEqual({
      name: env.BANK_NAME,
      accountName: env.BANK_ACCOUNT_NAME,
      accountNumber: env.BANK_ACCOUNT_NUMBER,
      logo: env.BANK_LOGO,
    });
    expect(detail.body.lines).toHaveLength(2);
    expect(JSON.stringify(detail.body)).not.toContain(client.email);
    expect(detail.body).not.toHaveProperty("userId");
    expect(detail.body).toMatchObject({ hasProof: false, proofName: null });

    // The proof: by its bytes, then awaiting confirmation, and every admin hears of it.
    const mailsBefore = await countRows("outbox");
    const fake = await callForm("payment-proof", { referenceId: ref, file: new File(["<html>"], "proof.png") });
    expect(fake.status).toBe(415);
    expect((await paymentRow(ref))!.status).toBe("pending");
    const proof = await callForm("payment-proof", { referenceId: ref, file: new File([PNG], "proof.png") });
    expect(proof.status).toBe(200);
    expect((await paymentRow(ref))!.status).toBe("awaiting_confirmation");
    const notices = await env.DB.prepare("SELECT toEmail FROM outbox WHERE mailKind = 'payment-proof' AND mailBody LIKE ?1")
      .bind(`%${ref}%`)
      .all<{ toEmail: string }>();
    expect(notices.results.map((r) => r.toEmail)).toContain(admin.email);
    // A replacement proof is kept, but mails nobody again.
    const replaced = await callForm("payment-proof", { referenceId: ref, file: new File([PNG], "proof-2.png") });
    expect(replaced.status).toBe(200);
    const noticesAfter = await env.DB.prepare(
      "SELECT count(*) AS n FROM outbox WHERE mailKind = 'payment-proof' AND mailBody LIKE ?1",
    )
      .bind(`%${ref}%`)
      .first<{ n: number }>();
    expect(noticesAfter!.n).toBe(notices.results.length);
    // The payer's page shows which proof it has: the latest.
    expect((await call("payment-detail", { referenceId: ref })).body).toMatchObject({ hasProof: true, proofName: "proof-2.png" });
    expect(await countRows("outbox")).toBeGreaterThan(mailsBefore);
    // Only admins open the proof; it comes back as the bytes uploaded, as an attachment.
    expect((await call("download-proof", { referenceId: ref }, { cookie: client.cookie })).status).toBe(403);
    const file = await call("download-proof", { referenceId: ref }, { cookie: admin.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toContain("attachment");

    // The admin confirms: paid, an invoice number, points and a 90-day subscription, a receipt.
    const confirm = await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie });
    expect(confirm.status).toBe(200);
    const paid = (await paymentRow(ref))!;
    expect(paid.status).toBe("paid");
    expect(paid.invoiceNumber).toBeGreaterThan(0);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 240, ledger: 240 });
    const sub = await env.DB.prepare("SELECT startsAt, endsAt FROM subscriptions WHERE userId = ?1")
      .bind(client.userId)
      .first<{ startsAt: string; endsAt: string }>();
    expect((Date.parse(sub!.endsAt) - Date.parse(sub!.startsAt)) / 86400_000).toBe(90);
    const receipt = await env.DB.prepare("SELECT mailSubject FROM outbox WHERE mailKind = 'receipt' AND toEmail = ?1")
      .bind(client.email)
      .first<{ mailSubject: string }>();
    expect(receipt!.mailSubject).toContain(`#${paid.invoiceNumber}`);
    const me = await call("me", {}, { cookie: client.cookie });
    expect(me.body.userData.userPlan).toBe("Pro plan");

    // A second confirmation grants nothing more; a paid payment takes no proof and cannot be cancelled.
    const again = await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 240, ledger: 240 });
    expect((await call("cancel-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(409);
    expect((await callForm("payment-proof", { referenceId: ref, file: new File([PNG], "p.png") })).status).toBe(409);

    const mine = await call("search-payment", {}, { cookie: client.cookie });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ referenceId: ref, status: "paid", invoiceNumber: paid.invoiceNumber }),
    ]);
  });

  it("sends the receipt in the buyer's stored language, the name escaped in its HTML", async () => {
    const client = await createUser({ name: "Zoé <b>&" });
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(client.userId).run();
    const admin = await createAdmin();
    const ref = await buyBundle(client.cookie);
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(200);
    const paid = (await paymentRow(ref))!;
    const receipt = await env.DB.prepare(
      "SELECT mailSubject, mailBody, mailHtml FROM outbox WHERE mailKind = 'receipt' AND toEmail = ?1",
    )
      .bind(client.email)
      .first<{ mailSubject: string; mailBody: string; mailHtml: string }>();
    expect(receipt!.mailSubject).toBe(`${env.SITE_NAME} : reçu de la facture n° ${paid.invoiceNumber}`);
    expect(receipt!.mailBody).toContain("Bonjour Zoé <b>&,");
    expect(receipt!.mailBody).toContain(`paiement ${ref}`);
    expect(receipt!.mailHtml).toContain('lang="fr"');
    expect(receipt!.mailHtml).toContain("Bonjour Zoé &lt;b&gt;&amp;,");
    expect(receipt!.mailHtml).not.toContain("<b>&");
  });

  it("tells each admin of a proof of transfer in the admin's own stored language", async () => {
    const admin = await createAdmin();
    await env.DB.prepare("UPDATE users SET mailLanguage = 'ar' WHERE userId = ?1").bind(admin.userId).run();
    const client = await createUser();
    const ref = await buyBundle(client.cookie);
    expect((await callForm("payment-proof", { referenceId: ref, file: new File([PNG], "proof.png") })).status).toBe(200);
    const notice = await env.DB.prepare(
      "SELECT mailSubject, mailBody, mailHtml FROM outbox WHERE mailKind = 'payment-proof' AND toEmail = ?1",
    )
      .bind(admin.email)
      .first<{ mailSubject: string; mailBody: string; mailHtml: string }>();
    expect(notice!.mailSubject).toBe(`${env.SITE_NAME}: إثبات تحويل بانتظار المراجعة`);
    expect(notice!.mailBody).toContain(ref);
    expect(notice!.mailHtml).toContain('dir="rtl"');
  });

  it("answers 404 for an unknown reference and 400 for a malformed one", async () => {
    expect((await call("payment-detail", { referenceId: "A".repeat(24) })).status).toBe(404);
    expect((await call("payment-detail", { referenceId: "../../etc" })).status).toBe(400);
    expect((await call("payment-detail", {})).body).toMatchObject({ code: "required", field: "referenceId" });
  });

  it("cancels a pending payment, which then cannot be paid", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const ref = await buyBundle(client.cookie);
    expect((await call("cancel-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(200);
    expect((await paymentRow(ref))!.status).toBe("cancelled");
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(409);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });
});

describe("ownership", () => {
  it("keeps a client from reading, confirming or cancelling another's payment", async () => {
    const owner = await createUser();
    const other = await createUser();
    const ref = await buyBundle(owner.cookie);
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: other.cookie })).status).toBe(403);
    expect((await call("confirm-payment", { referenceId: ref }, { cookie: owner.cookie })).status).toBe(403);
    expect((await call("cancel-payment", { referenceId: ref }, { cookie: other.cookie })).status).toBe(403);
    expect((await call("invoice-detail", { referenceId: ref }, { cookie: other.cookie })).status).toBe(404);
    expect((await call("invoice-detail", { referenceId: ref }, { cookie: owner.cookie })).status).toBe(200);
    // userId of someone else is ignored for clients: they only ever list their own.
    const listed = await call("search-payment", { userId: owner.userId }, { cookie: other.cookie });
    expect(listed.body.data).toEqual([]);
    const byRef = await call("search-payment", { search: ref }, { cookie: other.cookie });
    expect(byRef.body.total).toBe(0);
    const csv = await call("export-payment", {}, { cookie: other.cookie });
    expect(String(csv.body)).not.toContain(ref);
    expect((await paymentRow(ref))!.status).toBe("pending");
  });

  it("lets an admin list everyone's payments, one user's, by status, and export them as CSV", async () => {
    const a = await createUser();
    const b = await createUser();
    const admin = await createAdmin();
    const refA = await buyBundle(a.cookie);
    const refB = await buyBundle(b.cookie);
    const all = await call("search-payment", { limit: 100 }, { cookie: admin.cookie });
    const refs = all.body.data.map((p: { referenceId: string }) => p.referenceId);
    expect(refs).toEqual(expect.arrayContaining([refA, refB]));
    const onlyA = await call("search-payment", { userId: a.userId }, { cookie: admin.cookie });
    expect(onlyA.body.data.map((p: { referenceId: string }) => p.referenceId)).toEqual([refA]);
    expect(onlyA.body.data[0].userEmail).toBe(a.email);
    const paid = await call("search-payment", { userId: a.userId, status: "paid" }, { cookie: admin.cookie });
    expect(paid.body.total).toBe(0);
    expect((await call("search-payment", { status: "lost" }, { cookie: admin.cookie })).status).toBe(400);
    const csv = await call("export-payment", { userId: b.userId }, { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const rows = String(csv.body).trim().split("\r\n");
    expect(rows[0]).toContain("referenceId");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(refB);
  });
});

describe("finding a payment by its reference", () => {
  it("finds it by 8 or more of its first characters and by the whole id, for its owner and admins", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const ref = await buyBundle(client.cookie);
    const other = await buyBundle(client.cookie);
    const refs = async (search: string, cookie: string) =>
      ((await call("search-payment", { search }, { cookie })).body.data as Array<{ referenceId: string }>).map(
        (p) => p.referenceId,
      );
    for (const cookie of [client.cookie, admin.cookie]) {
      expect(await refs(ref.slice(0, 8), cookie)).toEqual([ref]);
      expect(await refs(ref.slice(0, 15), cookie)).toEqual([ref]);
      expect(await refs(ref, cookie)).toEqual([ref]);
      expect(await refs(`  ${ref.slice(0, 10)} `, cookie)).toEqual([ref]);
      // The middle of a reference, or fewer than 8 characters, names no payment (a reference is 144 random bits).
      expect(await refs(ref.slice(3, 14), cookie)).not.toContain(ref);
      expect(await refs(ref.slice(0, 7), cookie)).not.toContain(ref);
      // Prefixes are case-sensitive, as references are.
      const flipped = ref.slice(0, 8).replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
      if (flipped !== ref.slice(0, 8)) expect(await refs(flipped, cookie)).not.toContain(ref);
    }
    expect(await refs(other.slice(0, 9), client.cookie)).toEqual([other]);
    // Someone else's reference stays unfindable, prefix or whole.
    const stranger = await createUser();
    expect(await refs(ref.slice(0, 8), stranger.cookie)).toEqual([]);
    expect(await refs(ref, stranger.cookie)).toEqual([]);
    const csv = await call("export-payment", { search: ref.slice(0, 8) }, { cookie: admin.cookie });
    expect(String(csv.body).trim().split("\r\n")).toHaveLength(2);
  });
});

describe("expiry", () => {
  it("expires pending payments past their expiry from the scheduled handler; one with a proof waits for the admin", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const stale = await buyBundle(client.cookie);
    const awaiting = await buyBundle(client.cookie);
    const fresh = await buyBundle(client.cookie);
    const paid = await buyBundle(client.cookie);
    await call("confirm-payment", { referenceId: paid }, { cookie: admin.cookie });
    await callForm("payment-proof", { referenceId: awaiting, file: new File([PNG], "p.png") });
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare("UPDATE payments SET expiresAt = ?1 WHERE referenceId IN (?2, ?3, ?4)")
      .bind(past, stale, awaiting, paid)
      .run();

    const controller = createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" });
    const exec = createExecutionContext();
    await worker.scheduled(controller, env, exec);
    await waitOnExecutionContext(exec);

    expect((await paymentRow(stale))!.status).toBe("expired");
    expect((await paymentRow(awaiting))!.status).toBe("awaiting_confirmation");
    expect((await paymentRow(fresh))!.status).toBe("pending");
    expect((await paymentRow(paid))!.status).toBe("paid");
    expect((await call("confirm-payment", { referenceId: stale }, { cookie: admin.cookie })).status).toBe(409);
    // The payer transferred in time and proved it: the admin's confirmation a day later still grants.
    expect((await call("confirm-payment", { referenceId: awaiting }, { cookie: admin.cookie })).status).toBe(200);
    expect((await paymentRow(awaiting))!.status).toBe("paid");
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 200, ledger: 200 });
    expect((await callForm("payment-proof", { referenceId: fresh, file: new File([PNG], "p.png") })).status).toBe(200);
  });
});
