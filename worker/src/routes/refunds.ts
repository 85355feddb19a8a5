import { listPage } from "../db/list";
import {
  creditNoteByKey,
  creditNoteList,
  creditNoteView,
  readableCreditNote,
  type CreditNoteRow,
} from "../domain/refunds/credit-notes";
import { creditNotePdf, invoicePdf } from "../domain/invoices/pdf";
import { facturXOf, senderAddress } from "../domain/invoices/e-invoice-source";
import {
  paymentReader,
  paymentWithUser,
  readablePayment,
  requireAllPayments,
  selectPayments,
  type PaymentWithUser,
} from "../domain/payments/queries";
import { refundPayment, refundUnappliedCharge } from "../domain/refunds/refund";
import { conflict, notFound } from "../errors";
import { refundCalls } from "../contract/refunds";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { requestLanguage } from "../http/language";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { storeDefaultsOf, stripeOf } from "../http/settings";
import { loadStoreSettings, pdfSettingsOfStore } from "../domain/storesettings/settings";
import { savedPortal } from "../domain/mailtemplates/portal";
import { emitSoon } from "../domain/webhooks/events";
import { webhookSinkOf } from "../http/webhooks";

/** Refunds, credit notes, invoice PDFs and billing details (docs/decisions/0012-refunds-taxes-pdf.md). */

const readerOf = (ctx: Ctx) => paymentReader(ctx.ability, requireUser(ctx).userId);

const refundPaymentCall = route(refundCalls["refund-payment"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const context = domainOf(ctx);
    if (input.unappliedCharge) {
      await refundUnappliedCharge(context, stripeOf(ctx.env), input.referenceId);
      const payment = await readablePayment(ctx.db, readerOf(ctx), input.referenceId);
      return json({ message: success(ctx, "unappliedChargeRefunded"), payment: paymentWithUser(payment), creditNote: null });
    }
    // The credit note's mail signs with the site's name in force.
    const { siteName } = await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));
    const outcome = await refundPayment(context, stripeOf(ctx.env), await savedPortal(ctx.db, portalOf(ctx, siteName)), input);
    if (outcome.status === "failed") throw conflict("refundRefused", "refund_refused");
    if (outcome.status === "succeeded") emitSoon(ctx.exec, webhookSinkOf(ctx), "payment.refunded", input.referenceId);
    const [payment, refund] = await Promise.all([
      readablePayment(ctx.db, readerOf(ctx), input.referenceId),
      creditNoteByKey(ctx.db, outcome.refundKey),
    ]);
    return json({
      message: success(ctx, outcome.status === "succeeded" ? "paymentRefunded" : "refundPendingAtStripe"),
      payment: paymentWithUser(payment),
      creditNote: creditNoteView(refund),
    });
  },
});

const creditNoteDetail = route(refundCalls["credit-note-detail"], {
  async handler(ctx, input) {
    const reader = readerOf(ctx);
    const note = await readableCreditNote(ctx.db, reader, input.creditNoteNumber);
    const payment = await readablePayment(ctx.db, reader, note.referenceId);
    return json({ creditNote: creditNoteView(note), payment: paymentWithUser(payment) });
  },
});

const searchCreditNote = route(refundCalls["search-credit-note"], {
  async handler(ctx, input) {
    const { query, ...options } = creditNoteList(ctx.db, readerOf(ctx), input);
    const found = await listPage<CreditNoteRow>(ctx.db, query, { ...options, window: input });
    return list(found.rows.map(creditNoteView), found, input.page, input.limit);
  },
});

/** The PDFs' seller in force (an issued invoice names the one it was issued with instead). */
const pdfSettings = async (ctx: Ctx) => pdfSettingsOfStore(await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env)));

/** The invoice PDF; a business buyer's is Factur-X (docs/decisions/0029-e-invoices.md). */
async function businessInvoicePdf(ctx: Ctx, payment: PaymentWithUser) {
  const settings = await pdfSettings(ctx);
  const facturX = facturXOf(settings, payment, senderAddress(ctx.env.MAIL_FROM));
  return invoicePdf(ctx.env.PDF, settings, payment, requestLanguage(ctx.request), facturX);
}

const invoicePdfCall = route(refundCalls["invoice-pdf"], {
  async handler(ctx, input) {
    const payment = await readablePayment(ctx.db, readerOf(ctx), input.referenceId);
    return businessInvoicePdf(ctx, payment);
  },
});

/**
 * The payer on the public payment page holds its reference, which already shows them the payment: once
 * it is paid they may take its invoice, which carries nothing the payer did not give.
 */
const payerInvoicePdfCall = route(refundCalls["payer-invoice-pdf"], {
  async handler(ctx, input) {
    const payment = (await selectPayments(ctx.db, null).where("p.referenceId", "=", input.referenceId).executeTakeFirst()) as
      PaymentWithUser | undefined;
    if (!payment) throw notFound("noSuchPayment");
    return businessInvoicePdf(ctx, payment);
  },
});

const creditNotePdfCall = route(refundCalls["credit-note-pdf"], {
  async handler(ctx, input) {
    const reader = readerOf(ctx);
    const note = await readableCreditNote(ctx.db, reader, input.creditNoteNumber);
    const payment = await readablePayment(ctx.db, reader, note.referenceId);
    return creditNotePdf(ctx.env.PDF, await pdfSettings(ctx), payment, note, requestLanguage(ctx.request));
  },
});

const billingDetails = route(refundCalls["billing-details"], {
  async handler(ctx) {
    const user = await ctx.db
      .selectFrom("users")
      .select(["billingCompany", "billingVatNumber"])
      .where("userId", "=", requireUser(ctx).userId)
      .executeTakeFirstOrThrow();
    return json(user);
  },
});

const updateBillingDetails = route(refundCalls["update-billing-details"], {
  async handler(ctx, input) {
    const values = { billingCompany: input.billingCompany, billingVatNumber: input.billingVatNumber };
    await ctx.db.updateTable("users").set(values).where("userId", "=", requireUser(ctx).userId).execute();
    return json({ message: success(ctx, "billingDetailsSaved"), ...values });
  },
});

export const routes = [
  refundPaymentCall,
  creditNoteDetail,
  searchCreditNote,
  invoicePdfCall,
  payerInvoicePdfCall,
  creditNotePdfCall,
  billingDetails,
  updateBillingDetails,
];
