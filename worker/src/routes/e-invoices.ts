import { eInvoiceCalls } from "../contract/e-invoices";
import { creditNoteEInvoice, eInvoiceXml, paymentEInvoice, senderAddress } from "../domain/invoices/e-invoice-source";
import { creditNoteFilename, invoiceFilename } from "../domain/invoices/pdf";
import { paymentReader, readablePayment } from "../domain/payments/queries";
import { readableCreditNote } from "../domain/refunds/credit-notes";
import { loadStoreSettings, pdfSettingsOfStore } from "../domain/storesettings/settings";
import { notFound } from "../errors";
import { requireUser } from "../http/context";
import { route } from "../http/route";
import { storeDefaultsOf } from "../http/settings";

/** EN 16931 e-invoices of invoices and credit notes (docs/decisions/0029-e-invoices.md). */

const withoutPdf = (filename: string) => filename.replace(/\.pdf$/, "");

const invoiceXml = route(eInvoiceCalls["invoice-xml"], {
  async handler(ctx, input) {
    const reader = paymentReader(ctx.ability, requireUser(ctx).userId);
    const payment = await readablePayment(ctx.db, reader, input.referenceId);
    // The seller in force stands in only for an invoice issued before sellers were frozen with it.
    const settings = pdfSettingsOfStore(await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env)));
    const sender = senderAddress(ctx.env.MAIL_FROM);
    if (input.creditNoteNumber === undefined) {
      const invoice = paymentEInvoice(settings, payment, sender);
      return eInvoiceXml(ctx.env.PDF, invoice, input.format, withoutPdf(invoiceFilename(payment.invoiceNumber)));
    }
    const note = await readableCreditNote(ctx.db, reader, input.creditNoteNumber);
    if (note.referenceId !== payment.referenceId) throw notFound("noSuchCreditNote");
    const invoice = creditNoteEInvoice(settings, payment, note, sender);
    return eInvoiceXml(ctx.env.PDF, invoice, input.format, withoutPdf(creditNoteFilename(note.creditNoteNumber)));
  },
});

export const routes = [invoiceXml];
