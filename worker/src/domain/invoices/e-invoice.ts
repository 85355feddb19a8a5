import type { Invoice } from "@e-invoice-eu/core";
import type { FrozenTax } from "../payments/tax";

/**
 * An invoice or credit note as EN 16931 data (docs/decisions/0029-e-invoices.md): the library's JSON
 * (UBL's element names), which the PDF Worker turns into UBL, CII or a Factur-X PDF. Everything comes from
 * the document as issued: the seller frozen with the invoice, the buyer frozen at checkout, the frozen
 * lines and tax. This module is pure (tests/tools validate its output with the library's own schema).
 */

/** A party as the invoice froze it; the address is free lines, the country an ISO code or a name. */
export interface EInvoiceParty {
  name: string;
  address: string[];
  country: string;
  /** The seller's tax id, the buyer's VAT number ('' for none). */
  taxId: string;
  /** The electronic address (BT-34, BT-49: the library requires one): the seller's sender address, the buyer's mail. */
  email: string;
}

export interface EInvoiceLine {
  name: string;
  qty: number;
  /** Minor units: the line's net (its catalogue total without tax). */
  net: number;
}

export interface EInvoiceSource {
  kind: "invoice" | "creditNote";
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  currency: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  tax: FrozenTax | null;
  lines: EInvoiceLine[];
  /** Minor units: the sum of the lines' net, the tax, and what was paid (the gross: invoices here are paid). */
  totals: { net: number; tax: number; gross: number };
  /** A credit note's invoice (BT-25, BT-26). */
  precedingInvoice?: { number: string; issueDate: string };
  notes: string[];
}

type Body = Invoice["ubl:Invoice"];
type CountryCode = Body["cac:AccountingSupplierParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];
type Currency = Body["cbc:DocumentCurrencyCode"];
type Line = Body["cac:InvoiceLine"][number];

const REGIONS = new Intl.DisplayNames(["en"], { type: "region" });

/** An ISO 3166 alpha-2 code if `text` is one (Intl knows its name), else null. */
function isoCode(text: string): CountryCode | null {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return REGIONS.of(code) !== code ? (code as CountryCode) : null;
}

/** A VAT number's country (Greece writes EL). */
const vatCountry = (vat: string) => isoCode(vat.slice(0, 2) === "EL" ? "GR" : vat.slice(0, 2));

/**
 * The party's country code (BT-40, BT-55, mandatory): its country as a code, else its VAT number's
 * prefix, else `fallback` (an account's country is free text; the seller's country stands in for it).
 */
export function countryOf(party: EInvoiceParty, fallback: CountryCode | null): CountryCode | null {
  return isoCode(party.country) ?? (party.taxId ? vatCountry(party.taxId) : null) ?? fallback;
}

/** The minor digits of a currency (2 for EUR, 0 for JPY). */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

const address = (party: EInvoiceParty, country: CountryCode) => ({
  ...(party.address[0] ? { "cbc:StreetName": party.address[0] } : {}),
  ...(party.address[1] ? { "cbc:AdditionalStreetName": party.address[1] } : {}),
  ...(party.address.length > 2 ? { "cac:AddressLine": { "cbc:Line": party.address.slice(2).join(", ") } } : {}),
  "cac:Country": { "cbc:IdentificationCode": country },
});

const endpoint = (party: EInvoiceParty) => ({ "cbc:EndpointID": party.email, "cbc:EndpointID@schemeID": "EM" as const });

/** The VAT category (BT-118, BT-151): S standard, AE reverse charge, O outside the scope of VAT. */
function category(tax: FrozenTax | null) {
  if (!tax) return { code: "O", percent: null, reason: "Not subject to VAT" } as const;
  if (tax.reverseCharge) return { code: "AE", percent: "0", reason: "Reverse charge" } as const;
  return { code: "S", percent: String(tax.rate), reason: null } as const;
}

/** The document as the library's EN 16931 data; null when a party's country or electronic address is not known. */
export function eInvoiceOf(source: EInvoiceSource): Invoice | null {
  const sellerCountry = countryOf(source.seller, null);
  const buyerCountry = countryOf(source.buyer, sellerCountry);
  if (!sellerCountry || !buyerCountry || !source.seller.email || !source.buyer.email) return null;
  const currency = source.currency.toUpperCase() as Currency;
  const digits = minorDigits(currency);
  const amount = (minor: number) => (minor / 10 ** digits).toFixed(digits);
  const vat = category(source.tax);
  const taxCategory = {
    "cbc:ID": vat.code,
    ...(vat.percent === null ? {} : { "cbc:Percent": vat.percent }),
    "cac:TaxScheme": { "cbc:ID": "VAT" },
  };
  // Outside the scope of VAT (O), an invoice names no VAT identifier (BR-O-02): the tax id is then a registration.
  const sellerVat = vat.code !== "O" && source.seller.taxId;
  const buyerVat = vat.code !== "O" && source.buyer.taxId;
  const { net, tax, gross } = source.totals;
  // The library's CII leaves out BT-25 (it reads the reference a level too high): a note names the invoice too.
  const notes = source.precedingInvoice
    ? [`Credit note for invoice ${source.precedingInvoice.number}`, ...source.notes]
    : source.notes;
  const lines = source.lines.map((line, i): Line => ({
    "cbc:ID": String(i + 1),
    "cbc:InvoicedQuantity": String(line.qty),
    "cbc:InvoicedQuantity@unitCode": "C62",
    "cbc:LineExtensionAmount": amount(line.net),
    "cbc:LineExtensionAmount@currencyID": currency,
    "cac:Item": { "cbc:Name": line.name, "cac:ClassifiedTaxCategory": taxCategory },
    // The net price of one unit, rounded: an inclusive price's net need not divide by the quantity.
    "cac:Price": { "cbc:PriceAmount": amount(Math.round(line.net / line.qty)), "cbc:PriceAmount@currencyID": currency },
  })) as Body["cac:InvoiceLine"];
  return {
    "ubl:Invoice": {
      "cbc:ID": source.number,
      "cbc:IssueDate": source.issueDate,
      "cbc:InvoiceTypeCode": source.kind === "creditNote" ? "381" : "380",
      ...(notes.length > 0 ? { "cbc:Note": notes } : {}),
      "cbc:DocumentCurrencyCode": currency,
      ...(source.precedingInvoice
        ? {
            "cac:BillingReference": [
              {
                "cac:InvoiceDocumentReference": {
                  "cbc:ID": source.precedingInvoice.number,
                  "cbc:IssueDate": source.precedingInvoice.issueDate,
                },
              },
            ],
          }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          ...endpoint(source.seller),
          "cac:PostalAddress": address(source.seller, sellerCountry),
          ...(sellerVat ? { "cac:PartyTaxScheme": [{ "cbc:CompanyID": sellerVat, "cac:TaxScheme": { "cbc:ID": "VAT" } }] } : {}),
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": source.seller.name,
            ...(source.seller.taxId && !sellerVat ? { "cbc:CompanyID": source.seller.taxId } : {}),
          },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          ...endpoint(source.buyer),
          "cac:PostalAddress": address(source.buyer, buyerCountry),
          ...(buyerVat ? { "cac:PartyTaxScheme": { "cbc:CompanyID": buyerVat, "cac:TaxScheme": { "cbc:ID": "VAT" } } } : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": source.buyer.name },
        },
      },
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(tax),
          "cbc:TaxAmount@currencyID": currency,
          "cac:TaxSubtotal": [
            {
              "cbc:TaxableAmount": amount(net),
              "cbc:TaxableAmount@currencyID": currency,
              "cbc:TaxAmount": amount(tax),
              "cbc:TaxAmount@currencyID": currency,
              "cac:TaxCategory": { ...taxCategory, ...(vat.reason ? { "cbc:TaxExemptionReason": vat.reason } : {}) },
            },
          ],
        },
      ],
      // Paid already (an invoice is issued once paid, a credit note once refunded): nothing is due.
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(net),
        "cbc:LineExtensionAmount@currencyID": currency,
        "cbc:TaxExclusiveAmount": amount(net),
        "cbc:TaxExclusiveAmount@currencyID": currency,
        "cbc:TaxInclusiveAmount": amount(gross),
        "cbc:TaxInclusiveAmount@currencyID": currency,
        "cbc:PrepaidAmount": amount(gross),
        "cbc:PrepaidAmount@currencyID": currency,
        "cbc:PayableAmount": amount(0),
        "cbc:PayableAmount@currencyID": currency,
      },
      "cac:InvoiceLine": lines,
    },
  };
}
