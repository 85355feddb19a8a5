import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { pdfAttachments } from "../../worker/src/domain/invoices/mail-attachments";
import { consumeMail } from "../../worker/src/domain/outbox/consumer";
import { pdfSettingsOf } from "../../worker/src/http/settings";
import { call, createUser } from "./helpers";
import { paidCard, paidTransfer, refund } from "./refund-support";
import { openSession, postEvent, stripeEnv } from "./stripe-support";

const REASON = "Client asked";

// Drawing a PDF takes the PDF Worker a second or more in local workerd, more on a busy machine.
describe("credit notes: detail, lists and PDFs, for their owner and admins", { timeout: 60_000 }, () => {
  it("the client reads their credit note and its PDF; another client gets 404", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 50 });
    const made = (await refund(admin, { referenceId, amount: 200, reason: REASON })).body.creditNote;
    const number = made.creditNoteNumber as number;

    const detail = await call("credit-note-detail", { creditNoteNumber: number }, { cookie: client.cookie });
    expect(detail.status).toBe(200);
    expect(detail.body.creditNote).toMatchObject({ creditNoteNumber: number, amount: 200, reason: REASON, referenceId });
    expect(detail.body.payment.referenceId).toBe(referenceId);

    const own = await call("search-credit-note", {}, { cookie: client.cookie });
    expect(own.body).toMatchObject({ total: 1, data: [{ creditNoteNumber: number }] });
    const beside = await call("search-credit-note", { referenceId }, { cookie: admin.cookie });
    expect(beside.body.data.map((n: { creditNoteNumber: number }) => n.creditNoteNumber)).toEqual([number]);

    const pdf = await call("credit-note-pdf", { creditNoteNumber: number }, { cookie: client.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="credit-note-CN-${number}.pdf"`);
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);

    const stranger = await createUser();
    expect((await call("credit-note-detail", { creditNoteNumber: number }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("credit-note-pdf", { creditNoteNumber: number }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("search-credit-note", { referenceId }, { cookie: stranger.cookie })).body.total).toBe(0);
  });

  it("invoice-pdf: a real A4 PDF of a paid payment for its owner and admins; an unpaid one has no invoice", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 50 });
    for (const cookie of [client.cookie, admin.cookie]) {
      const pdf = await call("invoice-pdf", { referenceId }, { cookie });
      expect(pdf.status).toBe(200);
      const text = String(pdf.body);
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      expect(text).toMatch(/\/FontFile2/);
    }
    const stranger = await createUser();
    expect((await call("invoice-pdf", { referenceId }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("invoice-pdf", { referenceId })).status).toBe(401);
    const bundle = await env.DB.prepare("SELECT bundleId FROM bundles LIMIT 1").first<{ bundleId: number }>();
    const open = await call("checkout", { kind: "bundle", refId: bundle!.bundleId }, { cookie: client.cookie });
    const unpaid = await call("invoice-pdf", { referenceId: open.body.referenceId }, { cookie: client.cookie });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe("not_invoiced");
  });

  it("the receipt mail names the invoice PDF to attach; send-invoice attaches it too", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 10 });
    const receipt = await env.DB.prepare("SELECT attachment FROM outbox WHERE mailKind = 'receipt' AND toEmail = ?1")
      .bind(client.email)
      .first();
    expect(receipt).toEqual({ attachment: `invoice:${referenceId}` });
    await call("send-invoice", { referenceId }, { cookie: admin.cookie });
    const sent = await env.DB.prepare("SELECT attachment FROM outbox WHERE mailKind = 'invoice' AND toEmail = ?1")
      .bind(client.email)
      .first();
    expect(sent).toEqual({ attachment: `invoice:${referenceId}` });
  });
});

describe("the payments CSV", () => {
  it("gains each payment's refunded amount and credit notes", async () => {
    const { admin, referenceId } = await paidTransfer({ points: 30 });
    const number = (await refund(admin, { referenceId, amount: 120, reason: REASON })).body.creditNote.creditNoteNumber;
    const csv = String((await call("export-payment", { search: referenceId }, { cookie: admin.cookie })).body);
    const [header, row] = csv.trim().split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["refundedAmount", "creditNotes"]);
    expect(row!.endsWith(`,120,CN-${number} 120`)).toBe(true);
  });
});

describe("mail attachments", () => {
  it("the receipt carries the invoice PDF and the credit-note mail its credit note, made when sent", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 20 });
    const number = (await refund(admin, { referenceId, reason: REASON })).body.creditNote.creditNoteNumber;
    const invoice = (await call("invoice-detail", { referenceId }, { cookie: admin.cookie })).body.payment.invoiceNumber;
    const posted: Array<{ to: string; subject: string; attachments?: Array<{ filename: string; content: string }> }> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200 });
    });
    const configured = { ...env, MAIL_API_URL: "https://mail.example.test/send", MAIL_API_KEY: "test-key" };
    // The mail queue's consumer sends the client's mails (issue 24), making each attachment as it goes.
    const queued = await env.DB.prepare("SELECT mailId FROM outbox WHERE toEmail = ?1 AND status = 'queued'")
      .bind(client.email)
      .all<{ mailId: number }>();
    const messages = queued.results.map(({ mailId }) => ({
      body: { mailId },
      attempts: 1,
      ack: () => undefined,
      retry: () => undefined,
    }));
    await consumeMail(configured, getDb(env.DB), messages, {
      makeAttachment: pdfAttachments(getDb(env.DB), env.PDF, pdfSettingsOf(env)),
    });
    vi.restoreAllMocks();
    const mine = posted.filter((m) => m.to === client.email);
    const files = mine.flatMap((m) => m.attachments ?? []);
    expect(files.map((f) => f.filename).sort()).toEqual([`credit-note-CN-${number}.pdf`, `invoice-${invoice}.pdf`].sort());
    // base64 of "%PDF-"
    for (const file of files) expect(file.content.startsWith("JVBERi0")).toBe(true);
    // Every queued mail of this file with an attachment gets its PDF drawn: a few seconds in workerd.
  }, 60_000);
});

describe("a card charge taken after the payment was settled another way", () => {
  it("is offered for refund (unappliedCharge) and refunded once, in full, with no credit note", async () => {
    const { referenceId, session } = await openSession(40, true);
    const admin = (await paidTransfer()).admin;
    expect((await call("confirm-payment", { referenceId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await postEvent("checkout.session.completed", session)).status).toBe(200);
    const listed = await call("invoice-detail", { referenceId }, { cookie: admin.cookie, env: stripeEnv() });
    expect(listed.body.payment.unappliedCharge).toEqual({ paymentIntentId: session.payment_intent });

    const res = await refund(admin, { referenceId, reason: "Paid twice", unappliedCharge: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "The card charge was refunded.",
      creditNote: null,
      payment: { unappliedCharge: null, status: "paid" },
    });
    const again = await refund(admin, { referenceId, reason: "Paid twice", unappliedCharge: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("no_unapplied_charge");
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE subjectId = ?1 AND action = 'refund-unapplied-charge'",
    )
      .bind(referenceId)
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("a card payment cannot be refunded while card payments are off", async () => {
    const { admin, referenceId } = await paidCard(10);
    const res = await call("refund-payment", { referenceId, reason: REASON }, { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("card_payments_off");
  });
});
