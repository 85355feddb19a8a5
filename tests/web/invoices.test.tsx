import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import ar from "../../web/src/features/invoices/locales/ar.json";
import en from "../../web/src/features/invoices/locales/en.json";
import fr from "../../web/src/features/invoices/locales/fr.json";
import InvoiceListPage from "../../web/src/features/invoices/pages/InvoiceListPage";
import InvoicePreviewPage from "../../web/src/features/invoices/pages/InvoicePreviewPage";
import common from "../../web/src/i18n/locales/en.json";

type Answer = { status: number; body: unknown };
const calls: { name: string; body: Record<string, unknown> }[] = [];

function mockApi(answers: Record<string, Answer | (() => Answer)>) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: JSON.parse(String(init?.body ?? "{}")) });
      const found = answers[name];
      const answer = (typeof found === "function" ? found() : found) ?? { status: 404, body: { error: "Unknown.", code: "x" } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

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
    { kind: "bundle", refId: 3, name: "120 points", unitPrice: 1200, qty: 1, lineTotal: 1200 },
    { kind: "item", refId: 2, name: "Pro plan", unitPrice: 2490, qty: 1, lineTotal: 2490 },
  ],
  note: "",
  hasProof: true,
  createdAt: "2026-05-01T10:00:00.000Z",
  paidAt: invoiceNumber ? "2026-05-02T10:00:00.000Z" : null,
  expiresAt: "2026-05-02T10:00:00.000Z",
  invoiceNumber,
});
const SELLER = {
  siteName: "Edge Portal",
  bank: { name: "Example Bank", accountName: "Edge Portal Ltd", accountNumber: "0000-1111-2222", logo: "/bank-logo.svg" },
};
const ADMIN = [{ action: "manage", subject: "all" }];

function renderAt(path: string, rules: unknown[]) {
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SnackbarProvider>
            <ConfirmProvider>
              <Route path="/apps/invoice/list">
                <InvoiceListPage />
              </Route>
              <Route path="/apps/invoice/preview/:id">
                <InvoicePreviewPage />
              </Route>
            </ConfirmProvider>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, invoices: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => vi.unstubAllGlobals());

const keys = (o: object): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v).map((s) => `${k}.${s}`) : [k]));

describe("invoice list", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it("lets an admin confirm an open payment after a confirmation, then reloads the list", async () => {
    let confirmed = false;
    mockApi({
      "search-payment": () => ({
        status: 200,
        body: { data: [confirmed ? payment("paid", 12) : payment("awaiting_confirmation", null)], total: 1, page: 1, limit: 10 },
      }),
      "confirm-payment": () => {
        confirmed = true;
        return { status: 200, body: { message: "Payment confirmed." } };
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

  it("shows a client no confirm or cancel button, and the empty state", async () => {
    mockApi({ "search-payment": { status: 200, body: { data: [], total: 0, page: 1, limit: 10 } } });
    renderAt("/apps/invoice/list", [{ action: "read", subject: "Payment", conditions: { userId: 7 } }]);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    expect(screen.queryByRole("link", { name: en.addPayment })).toBeNull();
  });
});

describe("invoice preview", () => {
  it("renders the invoice with its number, lines and total, prints it, and queues the mail from the send drawer", async () => {
    mockApi({
      "invoice-detail": { status: 200, body: { payment: payment("paid", 12), seller: SELLER } },
      "send-invoice": { status: 200, body: { message: "The invoice is on its way." } },
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

  it("shows not-found for a payment the caller cannot read", async () => {
    mockApi({ "invoice-detail": { status: 404, body: { error: "No such payment.", code: "not_found" } } });
    renderAt(`/apps/invoice/preview/${REF}`, [{ action: "read", subject: "Payment", conditions: { userId: 7 } }]);
    expect(await screen.findByText(en.notFound)).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(["invoice-detail"]));
  });
});
