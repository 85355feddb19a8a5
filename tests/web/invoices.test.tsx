import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import ar from "../../web/src/features/invoices/locales/ar.json";
import en from "../../web/src/features/invoices/locales/en.json";
import fr from "../../web/src/features/invoices/locales/fr.json";
import InvoiceListPage from "../../web/src/features/invoices/pages/InvoiceListPage";
import InvoicePreviewPage from "../../web/src/features/invoices/pages/InvoicePreviewPage";
import {
  arabicNumber,
  calls,
  callsTo,
  fail,
  inArabic,
  listOf,
  localeKeys,
  mockApi,
  ok,
  renderRoutes,
  setAbilityRules,
  setupPageTests,
  visibleText,
  type Answer,
} from "./page-support";

const REF = "SW52b2ljZS1yZWZlcmVuY2UtMDAx";
const payment = (status: string, invoiceNumber: number | null) => ({
  referenceId: REF,
  userId: 7,
  userName: "Amira Haddad",
  userEmail: "amira@example.com",
  amount: 3690,
  currency: "USD",
  status,
  method: "bank",
  lines: [
    { kind: "bundle", refId: 3, name: "120 points", points: 120, unitPrice: 1200, qty: 1, lineTotal: 1200 },
    { kind: "item", refId: 2, name: "Pro plan", unitPrice: 2490, qty: 1, lineTotal: 2490 },
  ],
  note: "",
  hasProof: true,
  createdAt: "2026-05-01T10:00:00.000Z",
  paidAt: invoiceNumber ? "2026-05-02T10:00:00.000Z" : null,
  expiresAt: "2026-05-02T10:00:00.000Z",
  invoiceNumber,
  card: null,
  refundedAmount: 0,
  netAmount: null,
  taxAmount: null,
  tax: null,
  buyer: null,
  unappliedCharge: null,
});
const SELLER = {
  siteName: "Edge Portal",
  bank: { name: "Example Bank", accountName: "Edge Portal Ltd", accountNumber: "0000-1111-2222", logo: "/bank-logo.svg" },
  // Without seller settings: the invoice names the bank account's holder.
  party: { legalName: "", address: [], country: "", taxId: "" },
};
const ADMIN = [{ action: "manage", subject: "all" }];

function renderAt(path: string, rules: object[]) {
  setAbilityRules(rules);
  renderRoutes(path, [
    ["/apps/invoice/list", InvoiceListPage],
    ["/apps/invoice/preview/:id", InvoicePreviewPage],
  ]);
}

setupPageTests({ invoices: en });

describe("invoice list", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("lets an admin confirm an open payment after a confirmation, then reloads the list", async () => {
    let confirmed = false;
    mockApi({
      "search-payment": () => listOf([confirmed ? payment("paid", 12) : payment("awaiting_confirmation", null)]),
      "confirm-payment": () => {
        confirmed = true;
        return ok({ message: "Payment confirmed." });
      },
    });
    renderAt("/apps/invoice/list", ADMIN);
    expect(await screen.findByText("Amira Haddad")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.confirm }));
    const dialog = document.querySelector("dialog")!;
    expect(within(dialog).getByText(/\$36\.90/)).toBeTruthy();
    expect(calls.some((c) => c.name === "confirm-payment")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: en.confirm, hidden: true }));
    expect(await screen.findByText("#12")).toBeTruthy();
    expect(calls.find((c) => c.name === "confirm-payment")!.body).toEqual({ referenceId: REF });
    expect(screen.queryByRole("button", { name: en.confirm })).toBeNull();
  });

  it("shows an admin the proofs waiting and the card charges to refund first, and reads them again after a change", async () => {
    let confirmed = false;
    const attention = () =>
      ok({
        awaiting: confirmed ? [] : [payment("awaiting_confirmation", null)],
        awaitingTotal: confirmed ? 0 : 1,
        refunds: [
          {
            auditId: 4,
            referenceId: "Q2FyZC1yZWZ1bmQtcmVmZXJlbmNl",
            reason: "account-closed",
            status: "cancelled",
            sessionId: "cs_test_1",
            paymentIntentId: "pi_test_refund_me",
            amount: 1200,
            currency: "USD",
            createdAt: "2026-05-03T10:00:00.000Z",
          },
        ],
      });
    mockApi({
      "payment-attention": attention,
      "search-payment": () => listOf([confirmed ? payment("paid", 12) : payment("pending", null)]),
      "confirm-payment": () => {
        confirmed = true;
        return ok({ message: "Payment confirmed." });
      },
    });
    renderAt("/apps/invoice/list", ADMIN);
    const panel = await screen.findByTestId("payment-attention");
    expect(within(panel).getByText(en.attention.proofs.replace("{{count}}", "1"))).toBeTruthy();
    expect(within(panel).getByText(en.attention.reason["account-closed"])).toBeTruthy();
    expect(within(panel).getByText("pi_test_refund_me")).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: en.confirm }));
    fireEvent.click(within(document.querySelector("dialog")!).getByRole("button", { name: en.confirm, hidden: true }));
    await waitFor(() => expect(within(screen.getByTestId("payment-attention")).queryByText(/Amira Haddad/)).toBeNull());
    expect(calls.filter((c) => c.name === "payment-attention").length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c.name === "search-payment").length).toBeGreaterThanOrEqual(2);
  });

  it("offers no Confirm on a pending payment without a proof: only cancelling it", async () => {
    mockApi({ "search-payment": listOf([{ ...payment("pending", null), hasProof: false }]) });
    renderAt("/apps/invoice/list", ADMIN);
    expect(await screen.findByText("Amira Haddad")).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.confirm })).toBeNull();
    expect(screen.getByRole("button", { name: en.cancelPayment })).toBeTruthy();
  });

  it("shows a client no confirm or cancel button, and the empty state", async () => {
    mockApi({ "search-payment": listOf([]) });
    renderAt("/apps/invoice/list", [{ action: "read", subject: "Payment", conditions: { userId: 7 } }]);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    expect(screen.queryByRole("link", { name: en.addPayment })).toBeNull();
  });
});

describe("invoice preview", () => {
  it("offers Edit on an open invoice but not on a paid one", async () => {
    mockApi({ "invoice-detail": ok({ payment: payment("awaiting_confirmation", null), seller: SELLER }) });
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    expect(await screen.findByRole("link", { name: en.edit })).toBeTruthy();
    cleanup();
    const paid = `${REF}X`;
    mockApi({ "invoice-detail": ok({ payment: { ...payment("paid", 12), referenceId: paid }, seller: SELLER }) });
    renderAt(`/apps/invoice/preview/${paid}`, ADMIN);
    expect((await screen.findByTestId("invoice-title")).textContent).toBe("Invoice #12");
    expect(screen.queryByRole("link", { name: en.edit })).toBeNull();
  }, 15_000);

  it("renders the invoice with its number, lines and total, prints it, and queues the mail from the send drawer", async () => {
    mockApi({
      "invoice-detail": ok({ payment: payment("paid", 12), seller: SELLER }),
      "send-invoice": ok({ message: "The invoice is on its way." }),
    });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    expect((await screen.findByTestId("invoice-title")).textContent).toBe("Invoice #12");
    expect(screen.getByTestId("invoice-total").textContent).toBe("$36.90");
    expect(screen.getByText("Pro plan")).toBeTruthy();
    expect(document.querySelector("style")!.textContent).toContain("@media print");
    fireEvent.click(screen.getByRole("button", { name: en.print }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: en.sendInvoice }));
    fireEvent.click(await screen.findByRole("button", { name: en.send, hidden: true }));
    expect(await screen.findByText("The invoice is on its way.")).toBeTruthy();
    expect(calls.find((c) => c.name === "send-invoice")!.body).toMatchObject({ referenceId: REF, to: "amira@example.com" });
  });

  it("names a card payment's method and its Stripe payment instead of the bank account", async () => {
    const card = { sessionId: "cs_test_a1", paymentIntentId: "pi_test_b2" };
    mockApi({ "invoice-detail": ok({ payment: { ...payment("paid", 13), method: "card", card }, seller: SELLER }) });
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    expect((await screen.findByTestId("invoice-title")).textContent).toBe("Invoice #13");
    expect(screen.getByText(`${en.method}: ${en.methods.card}`)).toBeTruthy();
    expect(screen.getByText("pi_test_b2")).toBeTruthy();
    expect(screen.queryByText("0000-1111-2222")).toBeNull();
  });

  it("shows not-found for a payment the caller cannot read", async () => {
    mockApi({ "invoice-detail": fail(404, "No such payment.") });
    renderAt(`/apps/invoice/preview/${REF}`, [{ action: "read", subject: "Payment", conditions: { userId: 7 } }]);
    expect(await screen.findByText(en.notFound)).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(["invoice-detail"]));
  });
});

describe("invoice in Arabic", () => {
  inArabic({ invoices: ar });

  it("writes a bundle line's points with the Arabic unit word, not the English name frozen at checkout", async () => {
    mockApi({ "invoice-detail": ok({ payment: payment("paid", 12), seller: SELLER }) });
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    const bundleLine = `${arabicNumber(120)} نقطة${ar.kinds.bundle}`;
    expect(
      await screen.findByText((_, element) => element?.tagName === "TD" && visibleText(element) === bundleLine),
    ).toBeTruthy();
    expect(screen.getByText("Pro plan")).toBeTruthy();
    expect(screen.queryByText(/points/)).toBeNull();
  });
});

describe("invoice e-invoice downloads", () => {
  it("offers UBL and CII XML of an issued invoice, saves the file the call answers, and says why one failed", async () => {
    const xml = (format: string): Answer => ({
      status: 200,
      body: "<?xml version='1.0'?><Invoice/>",
      headers: { "content-type": "application/xml", "content-disposition": `attachment; filename="invoice-12-${format}.xml"` },
    });
    mockApi({
      "invoice-detail": ok({ payment: payment("paid", 12), seller: SELLER }),
      "invoice-xml": (body) => (body.format === "ubl" ? xml("ubl") : fail(409, "The seller's country is missing.")),
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:xml/1");
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt(`/apps/invoice/preview/${REF}`, [{ action: "read", subject: "Payment", conditions: { userId: 7 } }]);
    const group = await screen.findByRole("group", { name: en.eInvoice });
    fireEvent.click(within(group).getByRole("button", { name: "Download XML (UBL)" }));
    await waitFor(() => expect(saved).toEqual(["invoice-12-ubl.xml"]));
    expect(callsTo("invoice-xml").map((c) => c.body)).toEqual([{ referenceId: REF, format: "ubl" }]);
    fireEvent.click(within(group).getByRole("button", { name: "Download XML (CII)" }));
    expect(await screen.findByText(`${en.xmlFailed}The seller's country is missing.`)).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it("offers each credit note's XML beside its PDF, naming the credit note in the call", async () => {
    const note = {
      refundId: 4,
      creditNoteNumber: 3,
      status: "succeeded",
      referenceId: REF,
      amount: 1200,
      currency: "USD",
      reason: "Duplicate",
      createdAt: "2026-05-03T10:00:00.000Z",
      settledAt: "2026-05-03T10:00:00.000Z",
    };
    mockApi({
      "invoice-detail": ok({ payment: payment("paid", 12), seller: SELLER }),
      "search-credit-note": listOf([note]),
      "invoice-xml": { status: 200, body: "<CreditNote/>", headers: { "content-type": "application/xml" } },
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:xml/2");
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    const row = (await screen.findByText("CN-3")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Download XML (CII)" }));
    await waitFor(() => expect(saved).toEqual(["credit-note-CN-3-cii.xml"]));
    expect(callsTo("invoice-xml").map((c) => c.body)).toEqual([{ referenceId: REF, format: "cii", creditNoteNumber: 3 }]);
  });

  it("offers no XML before the invoice is issued", async () => {
    mockApi({ "invoice-detail": ok({ payment: payment("awaiting_confirmation", null), seller: SELLER }) });
    renderAt(`/apps/invoice/preview/${REF}`, ADMIN);
    expect(await screen.findByRole("link", { name: en.edit })).toBeTruthy();
    expect(screen.queryByRole("group", { name: en.eInvoice })).toBeNull();
  });
});
