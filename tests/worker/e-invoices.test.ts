import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call, createAdmin, createUser, directFetch, type TestUser } from "./helpers";
import { paidTransfer, refund } from "./refund-support";

/**
 * invoice-xml (EN 16931 UBL and CII of invoices and credit notes) and the Factur-X PDF of a business
 * buyer's invoice (docs/decisions/0029-e-invoices.md). The data's validity against the library's own
 * validator is tests/tools/e-invoice.test.ts; here, the calls from the invoice as issued, and who may.
 */

async function sellerSettings(admin: TestUser) {
  const saved = await call(
    "update-store-settings",
    {
      sellerLegalName: "Société Élan",
      sellerAddress: "1 rue de la Paix\n75002 Paris",
      sellerCountry: "FR",
      sellerTaxId: "FR12345678901",
      taxName: "TVA",
      taxRate: "20",
      taxInclusive: false,
    },
    { cookie: admin.cookie },
  );
  expect(saved.status).toBe(200);
}

/** A business client (company and VAT id) with a paid transfer of 50 points, under TVA 20 %. */
async function businessInvoice() {
  const admin = await createAdmin();
  await sellerSettings(admin);
  const client = await createUser({ name: "أمينة حداد" });
  await call(
    "update-billing-details",
    { billingCompany: "Haddad SARL", billingVatNumber: "FR98765432109" },
    { cookie: client.cookie },
  );
  return paidTransfer({ points: 50, client });
}

const xmlOf = (referenceId: string, format: string, cookie: string, extra: Record<string, unknown> = {}) =>
  call<string>("invoice-xml", { referenceId, format, ...extra }, { cookie });

/** The bytes of invoice-pdf (the JSON helper would decode them as text). */
async function invoicePdfBytes(referenceId: string, cookie: string) {
  const res = await directFetch(`${BASE}/api/invoice-pdf`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "cf-connecting-ip": "203.0.113.1" },
    body: JSON.stringify({ referenceId }),
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const streamText = (stream: unknown) => new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode());

/** What a PDF embeds, by name, and its XMP metadata (null without). */
async function parsePdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = pdf.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict)?.lookupMaybe(PDFName.of("Names"), PDFArray);
  const files = new Map<string, string>();
  for (let i = 0; embedded && i < embedded.size(); i += 2) {
    const spec = embedded.lookup(i + 1, PDFDict);
    const file = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"));
    files.set(embedded.lookup(i, PDFString, PDFHexString).decodeText(), streamText(file));
  }
  const metadata = pdf.catalog.lookup(PDFName.of("Metadata"));
  return { files, metadata: metadata ? streamText(metadata) : null, hasAf: pdf.catalog.has(PDFName.of("AF")) };
}

describe("invoice-xml and Factur-X", { timeout: 120_000 }, () => {
  it("answers the invoice as issued in UBL and CII: seller, business buyer with VAT id, lines, VAT breakdown, totals", async () => {
    const { client, admin, referenceId } = await businessInvoice();
    const invoiceNumber = (await call("invoice-detail", { referenceId }, { cookie: client.cookie })).body.payment.invoiceNumber;
    // Later edits of the seller change no issued invoice.
    await call("update-store-settings", { sellerLegalName: "Renamed SAS" }, { cookie: admin.cookie });
    const ubl = await xmlOf(referenceId, "ubl", client.cookie);
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get("content-type")).toContain("application/xml");
    expect(ubl.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoiceNumber}-ubl.xml"`);
    const text = ubl.body;
    expect(text).toContain("urn:cen.eu:en16931:2017");
    expect(text).toContain(`<cbc:ID>${invoiceNumber}</cbc:ID>`);
    expect(text).toContain("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>");
    expect(text).toContain("Société Élan");
    expect(text).not.toContain("Renamed SAS");
    expect(text).toContain("Haddad SARL");
    expect(text).toContain("FR98765432109");
    expect(text).toContain("FR12345678901");
    // 50 points at 10 a point: 5.00 net, 1.00 TVA, 6.00 paid.
    expect(text).toMatch(/<cbc:TaxableAmount currencyID="USD">5\.00<\/cbc:TaxableAmount>/);
    expect(text).toMatch(/<cbc:TaxAmount currencyID="USD">1\.00<\/cbc:TaxAmount>/);
    expect(text).toMatch(/<cbc:TaxInclusiveAmount currencyID="USD">6\.00</);
    expect(text).toContain("<cbc:Percent>20</cbc:Percent>");

    const cii = await xmlOf(referenceId, "cii", admin.cookie);
    expect(cii.status).toBe(200);
    expect(cii.body).toContain("<rsm:CrossIndustryInvoice");
    expect(cii.body).toContain("urn:cen.eu:en16931:2017");
    expect(cii.body).toMatch(/<ram:GrandTotalAmount>6\.00<\/ram:GrandTotalAmount>/);
  });

  it("answers a refund's credit note referencing its invoice; a credit note of another payment is 404", async () => {
    const { client, admin, referenceId } = await businessInvoice();
    const note = (await refund(admin, { referenceId, amount: 300, reason: "Remboursement partiel" })).body.creditNote;
    expect(note.creditNoteNumber).toBeGreaterThan(0);
    const xml = await xmlOf(referenceId, "ubl", client.cookie, { creditNoteNumber: note.creditNoteNumber });
    expect(xml.status).toBe(200);
    expect(xml.body).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(xml.body).toContain(`<cbc:ID>CN-${note.creditNoteNumber}</cbc:ID>`);
    expect(xml.body).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${note.invoiceNumber}</cbc:ID>`));
    expect(xml.body).toMatch(/<cbc:TaxInclusiveAmount currencyID="USD">3\.00</);
    const other = await paidTransfer({ points: 20, client });
    const mismatched = await xmlOf(other.referenceId, "cii", client.cookie, { creditNoteNumber: note.creditNoteNumber });
    expect(mismatched.status).toBe(404);
  });

  it("is the owner's and staff's only: another client gets 404, no session 401; before payment 409; a bad format 400", async () => {
    const { client, admin, referenceId } = await paidTransfer({ points: 10 });
    await sellerSettings(admin);
    expect((await xmlOf(referenceId, "ubl", client.cookie)).status).toBe(200);
    expect((await xmlOf(referenceId, "cii", admin.cookie)).status).toBe(200);
    const stranger = await createUser();
    expect((await xmlOf(referenceId, "ubl", stranger.cookie)).status).toBe(404);
    expect((await call("invoice-xml", { referenceId, format: "ubl" })).status).toBe(401);
    const bad = await xmlOf(referenceId, "pdf", client.cookie);
    expect(bad.status).toBe(400);
    const bundle = await env.DB.prepare("SELECT bundleId FROM bundles LIMIT 1").first<{ bundleId: number }>();
    const open = await call("checkout", { kind: "bundle", refId: bundle!.bundleId }, { cookie: client.cookie });
    const unpaid = await xmlOf(open.body.referenceId, "ubl", client.cookie);
    expect(unpaid.status).toBe(409);
    expect((unpaid.body as unknown as { code: string }).code).toBe("not_invoiced");
  });

  it("the invoice PDF of a business buyer is Factur-X: PDF/A-3 metadata and the CII embedded; a private buyer's stays plain", async () => {
    const { client, referenceId } = await businessInvoice();
    const business = await parsePdf(await invoicePdfBytes(referenceId, client.cookie));
    expect([...business.files.keys()]).toEqual(["factur-x.xml"]);
    const cii = business.files.get("factur-x.xml")!;
    expect(cii).toContain("<rsm:CrossIndustryInvoice");
    expect(cii).toContain("Haddad SARL");
    expect(business.hasAf).toBe(true);
    expect(business.metadata).toMatch(/pdfaid:part[^0-9]{1,3}3/);
    expect(business.metadata).toMatch(/pdfaid:conformance[^A-Z]{1,3}B/);
    expect(business.metadata).toContain("EN 16931");

    const privateBuyer = await paidTransfer({ points: 10 });
    const plain = await parsePdf(await invoicePdfBytes(privateBuyer.referenceId, privateBuyer.client.cookie));
    expect(plain.files.size).toBe(0);
    expect(plain.metadata ?? "").not.toContain("pdfaid");
  });
});
