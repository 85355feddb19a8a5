import type { PdfDocument } from "../../../../pdf/src/document";
import { conflict } from "../../errors";
import type { Language } from "../../errors/language";
import { formatDate, formatMoney } from "../outbox/mails";
import { creditNoteView, type CreditNoteRow } from "../refunds/credit-notes";
import { lineNameIn, parseLines, type PaymentLine } from "../payments/lines";
import { PDF_TEXTS, type PdfTexts } from "./pdf-texts";
import type { PaymentWithUser } from "../payments/queries";
import { creditNoteLabel } from "../refunds/refund-settle";
import { parseBuyer, parseTax, type FrozenTax } from "../payments/tax";
import { parseSellerBlock } from "../storesettings/settings";
import { askPdfWorker } from "../pdf-worker/client";

/**
 * Invoice and credit-note PDFs. This module writes every text of the document in the reader's language
 * (pdf-texts.ts); the PDF Worker behind the PDF service binding (pdf/) lays it out, shapes Latin and
 * Arabic and embeds the fonts (docs/decisions/0012-refunds-taxes-pdf.md).
 */

/** The seller's party and the portal's name in force; an issued invoice names its own (`issuedSettings`). */
export interface PdfSettings {
  siteName: string;
  seller: { legalName: string; address: string[]; country: string; taxId: string };
}

/** The settings a document names: the ones the invoice was issued with (payments.sellerJson), else `current`. */
function issuedSettings(current: PdfSettings, payment: PaymentWithUser): PdfSettings {
  const issued = parseSellerBlock(payment.sellerJson);
  return issued ? { siteName: issued.siteName, seller: issued.party } : current;
}

const taxLabel = (tax: FrozenTax, language: Language) =>
  `${tax.name} ${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(tax.rate)} %`;

function parties(settings: PdfSettings, payment: PaymentWithUser, t: PdfTexts) {
  const { seller } = issuedSettings(settings, payment);
  const buyer = parseBuyer(payment.buyerJson);
  const buyerLines = buyer
    ? [
        buyer.company || buyer.name,
        ...(buyer.company ? [buyer.name] : []),
        ...buyer.address,
        buyer.country,
        buyer.vatNumber ? `${t.vatNumber}: ${buyer.vatNumber}` : "",
      ]
    : [payment.userName ?? ""];
  return {
    seller: {
      heading: t.seller,
      lines: [seller.legalName, ...seller.address, seller.country, seller.taxId ? `${t.taxId}: ${seller.taxId}` : ""].filter(
        Boolean,
      ),
    },
    buyer: { heading: t.buyer, lines: [...buyerLines, payment.userEmail ?? ""].filter(Boolean) },
  };
}

function columns(t: PdfTexts, tax: FrozenTax | null, language: Language) {
  return {
    description: t.description,
    qty: t.qty,
    unit: t.unitPrice,
    net: tax ? t.net : null,
    tax: tax ? taxLabel(tax, language) : null,
    gross: t.amount,
  };
}

function taxNotes(t: PdfTexts, tax: FrozenTax | null, language: Language): string[] {
  if (!tax) return [];
  if (tax.reverseCharge) return [t.reverseCharge];
  return tax.inclusive ? [t.pricesInclude(taxLabel(tax, language))] : [];
}

/** A line as the PDF names it: a bundle's points in the reader's words, after its name when it has one. */
function lineDescription(
  line: Pick<PaymentLine, "kind" | "name" | "points" | "names">,
  language: Language,
  t: PdfTexts,
  number: Intl.NumberFormat,
): string {
  if (line.kind !== "bundle" || line.points === undefined) return line.name;
  const points = t.points(number.format(line.points));
  const name = lineNameIn(line, language, "");
  return name ? `${name} · ${points}` : points;
}

/** A plan change's line says what was credited, so the invoice shows the proration (decision 0027). */
function prorationText(line: PaymentLine, t: PdfTexts, number: Intl.NumberFormat, money: (minor: number) => string): string {
  const p = line.proration;
  if (!p) return "";
  return t.proration({
    from: p.fromItemName,
    price: money(p.fullPrice),
    days: number.format(p.daysLeft),
    credit: money(p.credit),
    points: p.points > 0 ? t.points(number.format(p.points)) : null,
  });
}

const MARKS = { paid: "paid", refunded: "refunded", partially_refunded: "partiallyRefunded" } as const;

/** The invoice of a paid (or refunded) payment as a document for the PDF Worker. */
export function invoiceDocument(settings: PdfSettings, payment: PaymentWithUser, language: Language): PdfDocument {
  if (payment.invoiceNumber === null) throw conflict("notInvoiced", "not_invoiced");
  const t = PDF_TEXTS[language];
  const money = (minor: number) => formatMoney(language, minor, payment.currency);
  const tax = parseTax(payment.taxJson);
  const number = new Intl.NumberFormat(language);
  const mark = MARKS[payment.status as keyof typeof MARKS];
  const totals: Array<[string, string, boolean]> = [];
  if (tax && payment.netAmount !== null && payment.taxAmount !== null) {
    totals.push([t.net, money(payment.netAmount), false], [taxLabel(tax, language), money(payment.taxAmount), false]);
  }
  totals.push([t.total, money(payment.amount), true]);
  if (payment.refundedAmount > 0) totals.push([t.refundedSoFar, money(-payment.refundedAmount), false]);
  return {
    direction: language === "ar" ? "rtl" : "ltr",
    title: `${t.invoice} #${payment.invoiceNumber}`,
    mark: mark ? t[mark] : null,
    meta: [
      [t.date, formatDate(language, payment.paidAt)],
      [t.reference, payment.referenceId],
    ],
    ...parties(settings, payment, t),
    columns: columns(t, tax, language),
    rows: parseLines(payment.lines).map((line) => ({
      description: [lineDescription(line, language, t, number), prorationText(line, t, number, money)]
        .filter(Boolean)
        .join(" · "),
      qty: number.format(line.qty),
      unit: money(line.unitPrice),
      net: line.net === undefined ? "" : money(line.net),
      tax: line.tax === undefined ? "" : money(line.tax),
      gross: money(line.lineTotal),
    })),
    totals,
    notes: [...taxNotes(t, tax, language), payment.note].filter(Boolean),
    footer: `${issuedSettings(settings, payment).siteName} · ${payment.referenceId}`,
  };
}

/** A credit note as a document for the PDF Worker. */
export function creditNoteDocument(
  settings: PdfSettings,
  payment: PaymentWithUser,
  row: CreditNoteRow,
  language: Language,
): PdfDocument {
  const t = PDF_TEXTS[language];
  const note = creditNoteView(row);
  const money = (minor: number) => formatMoney(language, minor, note.currency);
  const number = new Intl.NumberFormat(language);
  const tax = parseTax(payment.taxJson);
  const totals: Array<[string, string, boolean]> = [];
  if (tax && note.netAmount !== null && note.taxAmount !== null) {
    totals.push([t.net, money(note.netAmount), false], [taxLabel(tax, language), money(note.taxAmount), false]);
  }
  totals.push([t.total, money(note.amount), true]);
  const points = [
    note.pointsReclaimed > 0 ? t.pointsReclaimed(number.format(note.pointsReclaimed)) : "",
    note.pointsSpent > 0 ? t.pointsSpent(number.format(note.pointsSpent)) : "",
    note.subscriptionsEnded > 0 ? t.subscriptionsEnded(number.format(note.subscriptionsEnded)) : "",
  ];
  const mark = note.status === "failed" ? t.refundFailed : note.status === "pending" ? t.refundPending : t.refunded;
  return {
    direction: language === "ar" ? "rtl" : "ltr",
    title: `${t.creditNote} ${creditNoteLabel(note.creditNoteNumber ?? "")}`,
    mark,
    meta: [
      [t.date, formatDate(language, note.settledAt ?? note.createdAt)],
      [t.creditedInvoice, `#${note.invoiceNumber ?? ""}`],
      [t.reference, note.referenceId],
      [t.reason, note.reason],
    ],
    ...parties(settings, payment, t),
    columns: { ...columns(t, tax, language), qty: "", unit: "" },
    rows: note.lines.map((line) => ({
      description: lineDescription(line, language, t, number),
      qty: "",
      unit: "",
      net: line.net === undefined ? "" : money(line.net),
      tax: line.tax === undefined ? "" : money(line.tax),
      gross: money(line.gross),
    })),
    totals,
    notes: [...taxNotes(t, tax, language), ...points].filter(Boolean),
    footer: `${issuedSettings(settings, payment).siteName} · ${note.referenceId}`,
  };
}

/** The PDF Worker's bytes for `doc` at `path` (`/` draws a document; e-invoices: e-invoice-source.ts). */
export async function renderDocument(service: Fetcher, doc: unknown, path = "/"): Promise<Uint8Array> {
  const response = await askPdfWorker(service, path, JSON.stringify(doc), "application/json");
  return new Uint8Array(await response.arrayBuffer());
}

const attachment = (bytes: Uint8Array, filename: string) =>
  new Response(bytes, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });

export const invoiceFilename = (invoiceNumber: number | null) => `invoice-${invoiceNumber}.pdf`;
export const creditNoteFilename = (creditNoteNumber: number | null) =>
  `credit-note-${creditNoteLabel(creditNoteNumber ?? "")}.pdf`;

/**
 * invoice-pdf's answer; with `facturX` (a business buyer's invoice as e-invoice data), the same drawing
 * as a Factur-X PDF/A-3 carrying its CII (docs/decisions/0029-e-invoices.md).
 */
export async function invoicePdf(
  service: Fetcher,
  settings: PdfSettings,
  payment: PaymentWithUser,
  language: Language | null,
  facturX: unknown = null,
) {
  const document = invoiceDocument(settings, payment, language ?? "en");
  const bytes = facturX
    ? await renderDocument(service, { document, invoice: facturX }, "/factur-x")
    : await renderDocument(service, document);
  return attachment(bytes, invoiceFilename(payment.invoiceNumber));
}

/** credit-note-pdf's answer. */
export async function creditNotePdf(
  service: Fetcher,
  settings: PdfSettings,
  payment: PaymentWithUser,
  note: CreditNoteRow,
  language: Language | null,
) {
  const bytes = await renderDocument(service, creditNoteDocument(settings, payment, note, language ?? "en"));
  return attachment(bytes, creditNoteFilename(note.creditNoteNumber));
}
