import { FormatFactoryService, InvoiceService, type Invoice } from "@e-invoice-eu/core";
import { describe, expect, it } from "vitest";
import { eInvoiceOf, type EInvoiceSource } from "../../worker/src/domain/invoices/e-invoice";

/**
 * The e-invoices' EN 16931 data (worker/src/domain/invoices/e-invoice.ts) against the library's own
 * validator (its JSON schema of EN 16931, compiled by ajv: code generation Workers do not allow, so it runs
 * here in Node), on a table of cases; and the Workers' path (the format service without the validator,
 * pdf/src/e-invoice.ts) writes the very XML the validated path writes.
 */

const logger = { log: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

const seller = {
  name: "Edge Portal SAS",
  address: ["1 rue de la Paix", "75002 Paris"],
  country: "FR",
  taxId: "FR12345678901",
  email: "billing@example.com",
};

const base: EInvoiceSource = {
  kind: "invoice",
  number: "42",
  issueDate: "2026-11-30",
  currency: "eur",
  seller,
  buyer: { name: "Lucas Martin", address: [], country: "", taxId: "", email: "lucas@example.com" },
  tax: null,
  lines: [{ name: "Starter plan", qty: 1, net: 1000 }],
  totals: { net: 1000, tax: 0, gross: 1000 },
  notes: [],
};

const CASES: Array<[string, EInvoiceSource]> = [
  ["without VAT, a private buyer without a country", base],
  [
    "with VAT added (exclusive), two lines",
    {
      ...base,
      tax: { name: "TVA", rate: 20, inclusive: false, reverseCharge: false },
      lines: [
        { name: "100 points", qty: 3, net: 3000 },
        { name: "Pro plan", qty: 1, net: 1999 },
      ],
      totals: { net: 4999, tax: 1000, gross: 5999 },
    },
  ],
  [
    "with VAT included, a net that does not divide by the quantity",
    {
      ...base,
      tax: { name: "TVA", rate: 5.5, inclusive: true, reverseCharge: false },
      lines: [{ name: "Pack", qty: 3, net: 2843 }],
      totals: { net: 2843, tax: 157, gross: 3000 },
    },
  ],
  [
    "a business buyer of another EU country with a VAT id: reverse charge",
    {
      ...base,
      buyer: {
        name: "Müller GmbH",
        address: ["Hauptstraße 1", "10115 Berlin"],
        country: "Deutschland",
        taxId: "DE123456789",
        email: "buchhaltung@example.de",
      },
      tax: { name: "VAT", rate: 20, inclusive: false, reverseCharge: true },
      totals: { net: 1000, tax: 0, gross: 1000 },
    },
  ],
  [
    "Arabic and French names, a French business buyer with a VAT id",
    {
      ...base,
      seller: { ...seller, name: "Société Élan — شركة إيلان" },
      buyer: {
        name: "شركة حداد",
        address: ["12 شارع الحرية", "Bâtiment B", "75011 Paris"],
        country: "FR",
        taxId: "FR98765432109",
        email: "compta@example.fr",
      },
      tax: { name: "TVA", rate: 20, inclusive: false, reverseCharge: false },
      lines: [{ name: "Forfait « Pro » · باقة", qty: 1, net: 1000 }],
      totals: { net: 1000, tax: 200, gross: 1200 },
      notes: ["Payé par virement"],
    },
  ],
  [
    "a refund credit note referencing its invoice",
    {
      ...base,
      kind: "creditNote",
      number: "CN-7",
      tax: { name: "TVA", rate: 20, inclusive: false, reverseCharge: false },
      lines: [{ name: "Starter plan", qty: 1, net: 500 }],
      totals: { net: 500, tax: 100, gross: 600 },
      precedingInvoice: { number: "42", issueDate: "2026-11-30" },
      notes: ["Refund: duplicate payment"],
    },
  ],
  ["a currency without minor units", { ...base, currency: "jpy", totals: { net: 1000, tax: 0, gross: 1000 } }],
];

/** What the PDF Worker does: the format service alone, the schema's defaults filled by the service. */
async function workerPath(invoice: Invoice, format: string) {
  const factory = new FormatFactoryService();
  const service = factory.createFormatService(format, logger);
  const copy = structuredClone(invoice);
  service.fillInvoiceDefaults(copy);
  return service.generate(copy, { format: factory.normalizeFormat(format), lang: "en" });
}

// Compiling the schema takes ajv seconds on a busy machine.
describe("EN 16931 data of invoices and credit notes", { timeout: 60_000 }, () => {
  it.each(CASES)("%s: valid for the library's validator, in UBL and CII, as the Worker writes it", async (_, source) => {
    const invoice = eInvoiceOf(source);
    expect(invoice).not.toBeNull();
    for (const format of ["UBL", "CII"]) {
      const validated = await new InvoiceService(logger).generate(invoice!, { format, lang: "en" });
      expect(await workerPath(invoice!, format)).toBe(validated);
      const xml = String(validated);
      expect(xml).toContain(source.kind === "creditNote" ? ">381<" : ">380<");
      expect(xml).toContain(source.buyer.name);
      // BT-25 in UBL; the library's CII misses it (decision 0029), so a note names the invoice in both.
      if (source.precedingInvoice && format === "UBL") expect(xml).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>42</);
      if (source.precedingInvoice) expect(xml).toContain("Credit note for invoice 42");
    }
  });

  it("names the VAT breakdown and totals: standard, reverse charge (with both VAT ids), outside the scope", async () => {
    const ubl = async (source: EInvoiceSource) => String(await workerPath(eInvoiceOf(source)!, "UBL"));
    const standard = await ubl(CASES[1]![1]);
    expect(standard).toMatch(/<cbc:TaxAmount currencyID="EUR">10\.00<\/cbc:TaxAmount>/);
    expect(standard).toMatch(/<cbc:PayableAmount currencyID="EUR">0\.00</);
    expect(standard).toMatch(/<cbc:TaxInclusiveAmount currencyID="EUR">59\.99</);
    const reverse = await ubl(CASES[3]![1]);
    expect(reverse).toContain("<cbc:ID>AE</cbc:ID>");
    expect(reverse).toContain("DE123456789");
    expect(reverse).toContain("FR12345678901");
    expect(reverse).toMatch(/<cbc:IdentificationCode>DE</);
    const outside = await ubl(base);
    expect(outside).toContain("<cbc:ID>O</cbc:ID>");
    // Outside the scope of VAT, the seller's tax id is a registration, not a VAT identifier (BR-O-02).
    expect(outside).not.toContain("<cac:PartyTaxScheme>");
    expect(await ubl({ ...base, currency: "jpy" })).toMatch(/<cbc:TaxInclusiveAmount currencyID="JPY">1000</);
  });

  it("has no e-invoice when the seller's country or a party's address is not known", () => {
    expect(eInvoiceOf({ ...base, seller: { ...seller, country: "", taxId: "" } })).toBeNull();
    expect(eInvoiceOf({ ...base, buyer: { ...base.buyer, email: "" } })).toBeNull();
  });
});
