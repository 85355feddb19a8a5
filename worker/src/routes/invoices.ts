import { randomToken } from "../auth/crypto";
import { changes, runBatch } from "../db";
import { assertGrantable, grantStatements } from "../domain/payments/grant";
import { expiryFrom, priceLines } from "../domain/payments/lines";
import { buyerPartyOf, frozenSale } from "../domain/payments/billing";
import { invoiceMail } from "../domain/invoices/invoice-mail";
import { paymentReader, paymentWithUser, readablePayment, requireAllPayments } from "../domain/payments/queries";
import { audit } from "../domain/audit";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { storeDefaultsOf } from "../http/settings";
import { loadStoreSettings, parseSellerBlock, sellerBlockOf, taxOfSettings } from "../domain/storesettings/settings";
import { conflict, notFound, requiredField } from "../errors";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { queueMail } from "../domain/outbox/queue";
import { commerceCalls } from "../contract/commerce";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { mailQueueOf } from "../http/settings";
import { savedPortal } from "../domain/mailtemplates/portal";

/** The payments the signed-in caller may read (every one for admins). */
const readerOf = (ctx: Ctx) => paymentReader(ctx.ability, requireUser(ctx).userId);

/** The store settings in force for this call (wrangler.toml's vars under what an admin saved). */
const settingsOf = (ctx: Ctx) => loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));

const invoiceDetail = route(commerceCalls["invoice-detail"], {
  async handler(ctx, input) {
    const payment = await readablePayment(ctx.db, readerOf(ctx), input.referenceId);
    // An issued invoice shows the seller it was issued with; a payment not yet paid, the settings in force.
    const seller = parseSellerBlock(payment.sellerJson) ?? sellerBlockOf(await settingsOf(ctx));
    return json({ payment: paymentWithUser(payment), seller });
  },
});

const addPayment = route(commerceCalls["add-payment"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const buyer = await ctx.db
      .selectFrom("users")
      .select("userId")
      .where("userId", "=", input.userId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    if (!buyer) throw notFound("noSuchUser");
    const settings = await settingsOf(ctx);
    const sale = frozenSale(
      await priceLines(ctx.db, input.lines, false),
      taxOfSettings(settings),
      await buyerPartyOf(ctx.db, input.userId),
    );
    const { lines } = sale;
    await assertGrantable(ctx.db, lines);
    const ref = randomToken(18);
    const now = new Date();
    // The payment is inserted and granted in one transaction: it exists only as paid.
    const insert = ctx.db.insertInto("payments").values({
      referenceId: ref,
      userId: input.userId,
      amount: sale.amount,
      currency: ctx.env.CURRENCY,
      lines: JSON.stringify(lines),
      netAmount: sale.netAmount,
      taxAmount: sale.taxAmount,
      taxJson: sale.taxJson,
      buyerJson: sale.buyerJson,
      method: "manual",
      note: input.note,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: expiryFrom(now, settings.paymentExpiryHours),
    });
    const grant = grantStatements(domainOf(ctx), input.userId, lines, {
      referenceId: ref,
      auditAction: "add-payment",
      portal: await savedPortal(ctx.db, portalOf(ctx, settings.siteName)),
      seller: sellerBlockOf(settings),
    });
    const [, marked] = await runBatch(ctx.env.DB, [insert, ...grant]);
    if (changes(marked) === 0) throw conflict("paymentNotRecorded", "not_recorded");
    const payment = await readablePayment(ctx.db, readerOf(ctx), ref);
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return json({ message: success(ctx, "paymentRecordedAndGranted"), payment: paymentWithUser(payment) });
  },
});

const updatePayment = route(commerceCalls["update-payment"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("payments")
        .set({ note: input.note, updatedAt: new Date().toISOString() })
        .where("referenceId", "=", input.referenceId),
      audit(domainOf(ctx), { action: "update-payment", subject: "Payment", subjectId: input.referenceId }),
    ]);
    if (changes(updated) === 0) throw notFound("noSuchPayment");
    const payment = await readablePayment(ctx.db, readerOf(ctx), input.referenceId);
    return json({ message: success(ctx, "invoiceSaved"), payment: paymentWithUser(payment) });
  },
});

const sendInvoice = route(commerceCalls["send-invoice"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const payment = await readablePayment(ctx.db, readerOf(ctx), input.referenceId);
    if (payment.invoiceNumber === null) throw conflict("notInvoiced", "not_invoiced");
    // An admin sends it: the buyer's stored mail language (their last sign-in), not the admin's.
    const buyer = await ctx.db
      .selectFrom("users")
      .select(["userEmail", "mailLanguage"])
      .where("userId", "=", payment.userId)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    // To the account's address today; a closed account has none, so the admin names one.
    const to = input.to ?? buyer?.userEmail;
    if (!to) throw requiredField("to");
    const view = paymentWithUser(payment);
    const mail = invoiceMail(
      await savedPortal(ctx.db, portalOf(ctx, (parseSellerBlock(payment.sellerJson) ?? (await settingsOf(ctx))).siteName)),
      to,
      { ...view, invoiceNumber: payment.invoiceNumber, userName: payment.userName },
      buyer?.mailLanguage ?? "en",
      input,
    );
    await runBatch(ctx.env.DB, [
      queueMail(ctx.db, { ...mail, attachment: `invoice:${payment.referenceId}` }),
      audit(domainOf(ctx), { action: "send-invoice", subject: "Payment", subjectId: payment.referenceId, detail: { to } }),
    ]);
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return json({ message: success(ctx, "invoiceOnItsWay") });
  },
});

export const routes = [invoiceDetail, addPayment, updatePayment, sendInvoice];
