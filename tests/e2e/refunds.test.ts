import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, apiFromPage, launch, newPage, signIn } from "./browser";

const standIn = () => inject("stripeStandInUrl");

/** The text of every page of a PDF, as pdf.js (an independent reader) extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

/** Clicks `button` and answers the bytes of the file the browser saves. */
async function downloaded(page: Page, button: ReturnType<Page["getByRole"]>): Promise<{ name: string; bytes: Uint8Array }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync((await download.path())!)) };
}

describe("refunds and PDFs (against the local Stripe stand-in)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an admin refunds a client's card payment: balance and Billing show it, the credit note and invoice PDFs download", async () => {
    // A new client, so the seeded balances other tests read stay as they are.
    const client = await newPage(browser);
    await client.page.goto("/login");
    const email = `refund-${Date.now()}@example.test`;
    const name = "Rania Refund";
    const password = "Refund-portal-2026";
    await apiFromPage(client.page, "register", { userName: name, userEmail: email, password });
    // Signed in as the web app knows it (its session store), not only by the cookie.
    await signIn(client.page, { email, password });
    await client.page.waitForURL("**/access-control");
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number; bundlePoin: number; bundlePrice: number }> }>(
      client.page,
      "searchbundle",
      { limit: 100, page: 1 },
    );
    const bundle = bundles.data.find((b) => b.bundlePoin === 100)!;
    const order = await apiFromPage<{ referenceId: string }>(client.page, "checkout", { kind: "bundle", refId: bundle.bundleId });
    const started = await apiFromPage<{ url: string }>(client.page, "start-card-payment", { referenceId: order.referenceId });
    await client.page.goto(started.url);
    expect(client.page.url().startsWith(standIn())).toBe(true);
    await client.page.getByRole("button", { name: /^Pay / }).click();
    await client.page.getByTestId("payment-status").getByText("Paid").waitFor({ timeout: 20_000 });
    const paid = await apiFromPage<{ userQuota: number }>(client.page, "search-quota", { limit: 5, page: 1 });
    expect(paid.userQuota).toBe(100);

    // The admin refunds it from the invoice.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    await admin.page.goto(`/apps/invoice/preview/${order.referenceId}`);
    await admin.page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Ordered by mistake");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await admin.page.getByText("Refund made: its credit note was issued.").waitFor();
    const number = Number(
      (
        await admin.page
          .getByRole("cell", { name: /^CN-\d+$/ })
          .first()
          .innerText()
      ).slice(3),
    );
    await admin.page.getByRole("cell", { name: "Refunded" }).first().waitFor();
    expect(admin.errors).toEqual([]);

    // The client's balance and Billing show it.
    const after = await apiFromPage<{ userQuota: number }>(client.page, "search-quota", { limit: 5, page: 1 });
    expect(after.userQuota).toBe(0);
    await client.page.goto("/pages/account-settings/billing");
    await client.page.getByRole("cell", { name: `CN-${number}`, exact: true }).waitFor();
    await client.page.getByText("Refunded", { exact: true }).first().waitFor();

    const note = await downloaded(client.page, client.page.getByRole("button", { name: `PDF CN-${number}` }));
    expect(note.name).toBe(`credit-note-CN-${number}.pdf`);
    const noteText = await pdfText(note.bytes);
    expect(noteText).toContain(`Credit note CN-${number}`);
    expect(noteText).toContain("Ordered by mistake");

    // The invoice PDF opens for the client: its number, its total and the buyer, read back by pdf.js.
    const invoiceNumber = (
      await apiFromPage<{ payment: { invoiceNumber: number } }>(client.page, "invoice-detail", {
        referenceId: order.referenceId,
      })
    ).payment.invoiceNumber;
    const invoice = await downloaded(client.page, client.page.getByRole("button", { name: `PDF #${invoiceNumber}` }));
    expect(invoice.name).toBe(`invoice-${invoiceNumber}.pdf`);
    expect(new TextDecoder().decode(invoice.bytes.slice(0, 5))).toBe("%PDF-");
    const invoiceText = await pdfText(invoice.bytes);
    expect(invoiceText).toContain(`Invoice #${invoiceNumber}`);
    expect(invoiceText).toContain(
      new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(bundle.bundlePrice / 100),
    );
    expect(invoiceText).toContain(name);
    expect(invoiceText).toContain("REFUNDED");
    expect(client.errors).toEqual([]);
  });
});
