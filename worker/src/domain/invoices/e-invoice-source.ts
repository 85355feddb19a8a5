import type { Invoice } from "@e-invoice-eu/core";
import { conflict } from "../../errors";
import { parseLines } from "../payments/lines";
import type { PaymentWithUser } from "../payments/queries";
import { parseBuyer, parseTax } from "../payments/tax";
import { creditNoteView, type CreditNoteRow } from "../refunds/credit-notes";
import { creditNoteLabel } from "../refunds/refund-settle";
import { eInvoiceOf, type EInvoiceLine, type EInvoiceParty, type EInvoiceSource } from "./e-invoice";
import { renderDocument, type PdfSettings } from "./pdf";
import { parseSellerBlock } from "../storesettings/settings";

/**
 * An issued invoice or credit note as e-invoice data (e-invoice.ts): the seller it was issued with (decision
 * 0019; the settings in force only for an invoice issued before sellers were frozen), the buyer frozen at
 * checkout, its frozen lines and tax.
 */

/** The sender address of "Name <address>" (MAIL_FROM): the seller's electronic address. */
export const senderAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

const day = (timestamp: string | null) => (timestamp ?? new Date().toISOString()).slice(0, 10);

function parties(settings: PdfSettings, payment: PaymentWithUser, sellerEmail: string) {
  const issued = parseSellerBlock(payment.sellerJson)?.party ?? settings.seller;
  const buyer = parseBuyer(payment.buyerJson);
  const seller: EInvoiceParty = {
    name: issued.legalName,
    address: issued.address,
    country: issued.country,
    taxId: issued.taxId,
    email: sellerEmail,
  };
  const email = buyer?.email || payment.userEmail || "";
  const party: EInvoiceParty = buyer
    ? { name: buyer.company || buyer.name, address: buyer.address, country: buyer.country, taxId: buyer.vatNumber, email }
    : { name: payment.userName ?? "", address: [], country: "", taxId: "", email };
  return { seller, buyer: party };
}

function totals(lines: Array<{ net: number; tax: number }>) {
  const net = lines.reduce((sum, l) => sum + l.net, 0);
  const tax = lines.reduce((sum, l) => sum + l.tax, 0);
  return { net, tax, gross: net + tax };
}

/** A business buyer: one who gave a company or a VAT number at checkout (their invoice PDF is Factur-X). */
export function isBusinessBuyer(payment: PaymentWithUser): boolean {
  const buyer = parseBuyer(payment.buyerJson);
  return Boolean(buyer && (buyer.company || buyer.vatNumber));
}

/** A business buyer's invoice as Factur-X data, or null: another buyer's, or one without the parties' data. */
export function facturXOf(settings: PdfSettings, payment: PaymentWithUser, sellerEmail: string): Invoice | null {
  if (!isBusinessBuyer(payment) || payment.invoiceNumber === null) return null;
  try {
    return paymentEInvoice(settings, payment, sellerEmail);
  } catch {
    return null;
  }
}

/** invoice-xml's answer: the PDF Worker's UBL or CII of `invoice`, as an attachment. */
export async function eInvoiceXml(service: Fetcher, invoice: Invoice, format: "ubl" | "cii", name: string) {
  const bytes = await renderDocument(service, { format, invoice }, "/e-invoice");
  return new Response(bytes, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-${format}.xml"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function checked(source: EInvoiceSource): Invoice {
  const invoice = eInvoiceOf(source);
  if (!invoice) throw conflict("noEInvoiceParties", "no_e_invoice");
  return invoice;
}

/** The invoice of a paid payment as e-invoice data; 409 before it is invoiced. */
export function paymentEInvoice(settings: PdfSettings, payment: PaymentWithUser, sellerEmail: string): Invoice {
  if (payment.invoiceNumber === null) throw conflict("notInvoiced", "not_invoiced");
  const lines = parseLines(payment.lines).map((l) => ({ name: l.name, qty: l.qty, net: l.net ?? l.lineTotal, tax: l.tax ?? 0 }));
  return checked({
    kind: "invoice",
    number: String(payment.invoiceNumber),
    issueDate: day(payment.paidAt),
    currency: payment.currency,
    ...parties(settings, payment, sellerEmail),
    tax: parseTax(payment.taxJson),
    lines: lines.map(({ name, qty, net }): EInvoiceLine => ({ name, qty, net })),
    totals: totals(lines),
    notes: [payment.note].filter(Boolean),
  });
}

/** A credit note (a refund once made) as e-invoice data, referencing its invoice. */
export function creditNoteEInvoice(
  settings: PdfSettings,
  payment: PaymentWithUser,
  row: CreditNoteRow,
  sellerEmail: string,
): Invoice {
  const note = creditNoteView(row);
  const lines = note.lines.map((l) => ({ name: l.name, qty: 1, net: l.net ?? l.gross, tax: l.tax ?? 0 }));
  return checked({
    kind: "creditNote",
    number: creditNoteLabel(note.creditNoteNumber ?? ""),
    issueDate: day(note.settledAt ?? note.createdAt),
    currency: note.currency,
    ...parties(settings, payment, sellerEmail),
    tax: parseTax(payment.taxJson),
    lines: lines.map(({ name, qty, net }): EInvoiceLine => ({ name, qty, net })),
    totals: totals(lines),
    precedingInvoice: { number: String(payment.invoiceNumber ?? ""), issueDate: day(payment.paidAt) },
    notes: [note.reason].filter(Boolean),
  });
}
