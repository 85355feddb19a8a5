import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { randomToken } from "../auth/crypto";
import { changes, runBatch } from "../db";
import { assertGrantable, grantStatements } from "../domain/commerce/grant";
import { expiryFrom, priceLines, sumLines } from "../domain/commerce/lines";
import { paymentWithUser, readablePayment } from "../domain/commerce/queries";
import { auditQuery, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import * as f from "../http/fields";
import { json } from "../http/respond";
import { route } from "../http/route";
import { queueMail } from "../domain/outbox/queue";
import { invoiceMail } from "./mails";
import { referenceId } from "./payments";

function requireAllPayments(ctx: Ctx) {
  if (scopeOf(ctx.ability, "update", "Payment") !== "all") throw forbidden("Only an administrator may do this.");
}

/** The seller block of an invoice: deployment settings, no secrets. */
const seller = (ctx: Ctx) => ({
  siteName: ctx.env.SITE_NAME,
  bank: {
    name: ctx.env.BANK_NAME,
    accountName: ctx.env.BANK_ACCOUNT_NAME,
    accountNumber: ctx.env.BANK_ACCOUNT_NUMBER,
    logo: ctx.env.BANK_LOGO,
  },
});

const invoiceDetail = route({
  name: "invoice-detail",
  access: ["read", "Payment"],
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    const payment = await readablePayment(ctx, input.referenceId);
    return json({ payment: paymentWithUser(payment), seller: seller(ctx) });
  },
});

const lineSchema = z.object({ kind: z.enum(["item", "bundle"]), refId: f.id(), qty: f.int(1, 100) });

const addPayment = route({
  name: "add-payment",
  access: ["update", "Payment"],
  schema: z.object({
    userId: f.id(),
    lines: z.array(lineSchema).min(1).max(50),
    note: f.optionalText(500),
  }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    const buyer = await ctx.db
      .selectFrom("users")
      .select("userId")
      .where("userId", "=", input.userId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    if (!buyer) throw notFound("No such user.");
    const lines = await priceLines(ctx, input.lines, false);
    await assertGrantable(ctx, lines);
    const ref = randomToken(18);
    const now = new Date();
    // The payment is inserted and granted in one transaction: it exists only as paid.
    const insert = ctx.db.insertInto("payments").values({
      referenceId: ref,
      userId: input.userId,
      amount: sumLines(lines),
      currency: ctx.env.CURRENCY,
      lines: JSON.stringify(lines),
      method: "manual",
      note: input.note,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: expiryFrom(now, ctx.env),
    });
    const grant = grantStatements(ctx, input.userId, lines, { referenceId: ref, auditAction: "add-payment" });
    const [, marked] = await runBatch(ctx.env.DB, [insert, ...grant]);
    if (changes(marked) === 0) throw conflict("The payment could not be recorded.", "not_recorded");
    const payment = await readablePayment(ctx, ref);
    return json({ message: "Payment recorded. Points and subscriptions were granted.", payment: paymentWithUser(payment) });
  },
});

const updatePayment = route({
  name: "update-payment",
  access: ["update", "Payment"],
  schema: z.object({ referenceId: referenceId(), note: f.optionalText(500) }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("payments")
        .set({ note: input.note, updatedAt: new Date().toISOString() })
        .where("referenceId", "=", input.referenceId),
      auditQuery(ctx, { action: "update-payment", subject: "Payment", subjectId: input.referenceId }),
    ]);
    if (changes(updated) === 0) throw notFound("No such payment.");
    const payment = await readablePayment(ctx, input.referenceId);
    return json({ message: "Invoice saved.", payment: paymentWithUser(payment) });
  },
});

const sendInvoice = route({
  name: "send-invoice",
  access: ["update", "Payment"],
  schema: z.object({
    referenceId: referenceId(),
    to: f.email().optional(),
    subject: f.optionalText(200),
    message: f.optionalText(2000),
  }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    const payment = await readablePayment(ctx, input.referenceId);
    if (payment.invoiceNumber === null) throw conflict("Only a paid payment has an invoice.", "not_invoiced");
    const to = input.to ?? payment.userEmail;
    if (!to) throw badRequest('The field "to" is required.', "required", "to");
    const view = paymentWithUser(payment);
    // An admin sends it: the buyer's stored mail language (their last sign-in), not the admin's.
    const buyer = payment.userId
      ? await ctx.db.selectFrom("users").select("mailLanguage").where("userId", "=", payment.userId).executeTakeFirst()
      : undefined;
    const mail = invoiceMail(
      ctx,
      to,
      { ...view, invoiceNumber: payment.invoiceNumber, userName: payment.userName },
      buyer?.mailLanguage ?? "en",
      input,
    );
    await runBatch(ctx.env.DB, [
      queueMail(ctx.db, mail),
      auditQuery(ctx, { action: "send-invoice", subject: "Payment", subjectId: payment.referenceId, detail: { to } }),
    ]);
    return json({ message: "The invoice is on its way." });
  },
});

export const invoicesRoutes = [invoiceDetail, addPayment, updatePayment, sendInvoice];
