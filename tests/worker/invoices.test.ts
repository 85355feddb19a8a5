import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createBundle, createItem, createUser, quotaAndLedger } from "./helpers";

describe("manual payments (add-payment)", () => {
  it("records a paid payment with an invoice number and grants it", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const bundle = await createBundle({ points: 30, ppp: 10, active: false });
    const itemId = await createItem({ price: 500, days: 10 });
    const res = await call(
      "add-payment",
      {
        userId: client.userId,
        lines: [
          { kind: "bundle", refId: bundle.bundleId, qty: 2 },
          { kind: "item", refId: itemId, qty: 1 },
        ],
        note: "Paid at the desk",
      },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({
      status: "paid",
      method: "manual",
      amount: 1100,
      note: "Paid at the desk",
      userId: client.userId,
    });
    expect(res.body.payment.invoiceNumber).toBeGreaterThan(0);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 60, ledger: 60 });
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'add-payment' AND subjectId = ?1")
      .bind(res.body.payment.referenceId)
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("refuses clients, unknown users and bad lines, recording nothing", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const bundle = await createBundle();
    const lines = [{ kind: "bundle", refId: bundle.bundleId, qty: 1 }];
    const before = await countRows("payments");
    expect((await call("add-payment", { userId: client.userId, lines }, { cookie: client.cookie })).status).toBe(403);
    expect((await call("add-payment", { userId: 99999999, lines }, { cookie: admin.cookie })).status).toBe(404);
    expect((await call("add-payment", { userId: client.userId, lines: [] }, { cookie: admin.cookie })).status).toBe(400);
    expect(
      (
        await call(
          "add-payment",
          { userId: client.userId, lines: [{ kind: "bundle", refId: 99999999, qty: 1 }] },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(404);
    expect(await countRows("payments")).toBe(before);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });
});

describe("invoices", () => {
  async function paidPayment() {
    const admin = await createAdmin();
    const client = await createUser({ name: "Lucas Martin" });
    const bundle = await createBundle({ points: 10, ppp: 10 });
    const res = await call(
      "add-payment",
      { userId: client.userId, lines: [{ kind: "bundle", refId: bundle.bundleId, qty: 1 }] },
      { cookie: admin.cookie },
    );
    return {
      admin,
      client,
      referenceId: res.body.payment.referenceId as string,
      invoiceNumber: res.body.payment.invoiceNumber as number,
    };
  }

  it("shows the invoice to its owner and admins with the seller's details", async () => {
    const { admin, client, referenceId, invoiceNumber } = await paidPayment();
    const mine = await call("invoice-detail", { referenceId }, { cookie: client.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.payment).toMatchObject({ invoiceNumber, userName: "Lucas Martin", userEmail: client.email });
    expect(mine.body.seller).toMatchObject({ siteName: env.SITE_NAME, bank: { name: env.BANK_NAME } });
    expect((await call("invoice-detail", { referenceId }, { cookie: admin.cookie })).status).toBe(200);
  });

  it("queues the invoice mail (send-invoice) to the buyer or another address", async () => {
    const { admin, client, referenceId, invoiceNumber } = await paidPayment();
    expect((await call("send-invoice", { referenceId }, { cookie: client.cookie })).status).toBe(403);
    expect((await call("send-invoice", { referenceId, to: "not-an-email" }, { cookie: admin.cookie })).status).toBe(400);
    const res = await call("send-invoice", { referenceId, message: "Here it is." }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const mail = await env.DB.prepare("SELECT mailSubject, mailBody FROM outbox WHERE mailKind = 'invoice' AND toEmail = ?1")
      .bind(client.email)
      .first<{ mailSubject: string; mailBody: string }>();
    expect(mail!.mailSubject).toContain(`#${invoiceNumber}`);
    expect(mail!.mailBody).toContain("Here it is.");
    await call("send-invoice", { referenceId, to: "accounts@example.test" }, { cookie: admin.cookie });
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE toEmail = 'accounts@example.test'").first<{ n: number }>())!
        .n,
    ).toBeGreaterThan(0);
  });

  it("has no invoice to send for an unpaid payment", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const bundle = await createBundle();
    const { body } = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    expect((await call("send-invoice", { referenceId: body.referenceId }, { cookie: admin.cookie })).status).toBe(409);
  });

  it("lets an admin edit the invoice note", async () => {
    const { admin, client, referenceId } = await paidPayment();
    expect((await call("update-payment", { referenceId, note: "PO 42" }, { cookie: client.cookie })).status).toBe(403);
    const res = await call("update-payment", { referenceId, note: "PO 42" }, { cookie: admin.cookie });
    expect(res.body.payment.note).toBe("PO 42");
    expect((await call("update-payment", { referenceId: "B".repeat(24), note: "x" }, { cookie: admin.cookie })).status).toBe(404);
  });
});
