import { z } from "zod";

/**
 * What the portal asks this Worker to draw: an invoice or a credit note whose every text is written
 * already (translated, money and dates formatted) by the portal, so this Worker lays out and shapes text
 * and knows nothing of payments, languages or settings.
 */

const text = z.string().max(500);
const pair = z.tuple([text, text]);

export const pdfDocument = z.strictObject({
  /** "rtl" mirrors the layout (Arabic). */
  direction: z.enum(["ltr", "rtl"]),
  /** The document's title (also the PDF's Title): "Invoice #42". */
  title: text,
  /** The stamp across the top: "PAID", "REFUNDED"; null for none. */
  mark: text.nullable(),
  /** Label and value rows under the title: date, reference, the invoice a credit note corrects. */
  meta: z.array(pair).max(12),
  seller: z.strictObject({ heading: text, lines: z.array(text).max(12) }),
  buyer: z.strictObject({ heading: text, lines: z.array(text).max(12) }),
  /** The table's headings; `net` and `tax` are null when the document carries no tax. */
  columns: z.strictObject({ description: text, qty: text, unit: text, net: text.nullable(), tax: text.nullable(), gross: text }),
  rows: z.array(z.strictObject({ description: text, qty: text, unit: text, net: text, tax: text, gross: text })).max(200),
  /** Label, amount, and whether it is the grand total (bold). */
  totals: z.array(z.tuple([text, text, z.boolean()])).max(8),
  notes: z.array(text).max(12),
  footer: text,
});

export type PdfDocument = z.output<typeof pdfDocument>;
