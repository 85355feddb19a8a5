import { FormatFactoryService, type Invoice } from "@e-invoice-eu/core";
import { z } from "zod";
import { pdfDocument } from "./document";
import { renderPdf } from "./render";

/**
 * EN 16931 e-invoices through @e-invoice-eu/core (docs/decisions/0029-e-invoices.md): UBL or CII XML of
 * the portal's invoice data, and Factur-X (the invoice's PDF made PDF/A-3 with its CII embedded). The
 * portal's domain writes the data (worker/src/domain/invoices/e-invoice.ts); tests/tools validate it with
 * the library's own schema, which is compiled by ajv with `new Function`, code generation that Workers
 * refuse: so this Worker calls the format services without that step, as the library does after it.
 */

/** The library's data: its own generator reads it; this checks the envelope only (the portal is the one caller). */
const invoiceData = z.custom<Invoice>((value) => typeof value === "object" && value !== null && "ubl:Invoice" in value);

export const eInvoiceRequest = z.strictObject({ format: z.enum(["ubl", "cii"]), invoice: invoiceData });
export const facturXRequest = z.strictObject({ document: pdfDocument, invoice: invoiceData });

/** The Factur-X profile the PDFs meet (EN 16931 is Factur-X's "EN 16931" profile, formerly "Comfort"). */
const FORMATS = { ubl: "UBL", cii: "CII", facturX: "Factur-X-EN16931" } as const;

const logger = {
  log: () => {},
  warn: (message: string) => console.warn("e-invoice:", message),
  error: (message: string) => console.error("e-invoice:", message),
};

function generate(invoice: Invoice, format: keyof typeof FORMATS, pdf?: Uint8Array) {
  const factory = new FormatFactoryService();
  const service = factory.createFormatService(FORMATS[format], logger);
  const data = structuredClone(invoice);
  service.fillInvoiceDefaults(data);
  return service.generate(data, {
    format: factory.normalizeFormat(FORMATS[format]),
    lang: "en",
    ...(pdf ? { pdf: { buffer: pdf, filename: "invoice.pdf", mimetype: "application/pdf" } } : {}),
  });
}

/** The invoice's XML in UBL or CII. */
export async function eInvoiceXml({ format, invoice }: z.output<typeof eInvoiceRequest>): Promise<string> {
  return String(await generate(invoice, format));
}

/** The document drawn as today, then made Factur-X: PDF/A-3 metadata and the CII as factur-x.xml. */
export async function facturXPdf({ document, invoice }: z.output<typeof facturXRequest>): Promise<Uint8Array> {
  const bytes = await generate(invoice, "facturX", await renderPdf(document));
  if (typeof bytes === "string") throw new Error("Factur-X answered text");
  return bytes;
}
