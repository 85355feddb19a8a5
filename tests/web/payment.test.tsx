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
import ar from "../../web/src/features/payment/locales/ar.json";
import en from "../../web/src/features/payment/locales/en.json";
import fr from "../../web/src/features/payment/locales/fr.json";
import CheckoutPage from "../../web/src/features/payment/pages/CheckoutPage";
import PaymentPage from "../../web/src/features/payment/pages/PaymentPage";
import common from "../../web/src/i18n/locales/en.json";

type Answer = { status: number; body: unknown };
const calls: { name: string; body: Record<string, unknown> }[] = [];

function mockApi(answers: Record<string, Answer | ((body: Record<string, unknown>) => Answer)>) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      calls.push({ name, body });
      const found = answers[name];
      const answer = (typeof found === "function" ? found(body) : found) ?? {
        status: 404,
        body: { error: "Unknown.", code: "x" },
      };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

const REF = "Q2hlY2tvdXQtcmVmZXJlbmNlLTAx";
const BANK = { name: "Example Bank", accountName: "Edge Portal Ltd", accountNumber: "0000-1111-2222", logo: "/bank-logo.svg" };
const detail = (status: string, expiresAt = new Date(Date.now() + 3 * 3600_000).toISOString()) => ({
  status: 200,
  body: {
    referenceId: REF,
    amount: 2490,
    currency: "USD",
    status,
    lines: [{ kind: "bundle", refId: 3, name: "120 points", unitPrice: 2490, qty: 1, lineTotal: 2490 }],
    hasProof: false,
    createdAt: "2026-05-01T10:00:00.000Z",
    paidAt: null,
    expiresAt,
    invoiceNumber: null,
    payerName: "A**** H*****",
    bank: BANK,
  },
});

function renderAt(path: string, rules: unknown[] = []) {
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SnackbarProvider>
            <ConfirmProvider>
              <Route path="/payment/payment">
                <CheckoutPage />
              </Route>
              <Route path="/payment/:referenceId">
                {(params) => (params.referenceId === "payment" ? null : <PaymentPage />)}
              </Route>
            </ConfirmProvider>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
  return location;
}

/** XMLHttpRequest as the proof upload uses it: reports progress, then answers. */
class FakeXhr {
  static sent: FormData[] = [];
  static answer = { status: 200, body: { message: "Thank you. Your proof of transfer was received." } };
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = "";
  open() {}
  send(form: FormData) {
    FakeXhr.sent.push(form);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 5);
  }
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, payment: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

const keys = (o: object): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v).map((s) => `${k}.${s}`) : [k]));

describe("public payment page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it("shows amount, lines, masked payer, bank logo and a countdown", async () => {
    mockApi({ "payment-detail": detail("pending") });
    renderAt(`/payment/${REF}`);
    expect((await screen.findByTestId("payment-amount")).textContent).toBe("$24.90");
    expect(calls[0]).toEqual({ name: "payment-detail", body: { referenceId: REF } });
    expect(screen.getByText("1 × 120 points")).toBeTruthy();
    expect(screen.getByText("Payer: A**** H*****")).toBeTruthy();
    expect(screen.getByAltText("Example Bank logo").getAttribute("src")).toBe("/bank-logo.svg");
    expect(screen.getByRole("timer").textContent).toMatch(/^0[23]:\d\d:\d\d$/);
    expect(screen.getByTestId("payment-status").textContent).toBe(en.status.pending);
  });

  it("uploads a proof with progress and shows the server's message", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    let uploaded = false;
    mockApi({ "payment-detail": () => detail(uploaded ? "awaiting_confirmation" : "pending") });
    renderAt(`/payment/${REF}`);
    await screen.findByTestId("payment-amount");
    fireEvent.click(screen.getByRole("button", { name: en.sendProof }));
    expect((await screen.findByRole("alert")).textContent).toBe(en.proofRequired);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "proof.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText(en.proofLabel), { target: { files: [file] } });
    uploaded = true;
    fireEvent.click(screen.getByRole("button", { name: en.sendProof }));
    expect(await screen.findByText("Thank you. Your proof of transfer was received.")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.get("referenceId")).toBe(REF);
    expect((FakeXhr.sent[0]!.get("file") as File).name).toBe("proof.png");
    await waitFor(() => expect(screen.getByTestId("payment-status").textContent).toBe(en.status.awaiting_confirmation));
  });

  it("takes no proof once the payment has expired", async () => {
    mockApi({ "payment-detail": detail("expired", "2026-01-01T00:00:00.000Z") });
    renderAt(`/payment/${REF}`);
    expect(await screen.findByText(en.closed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.sendProof })).toBeNull();
  });

  it("shows not-found for an unknown reference", async () => {
    mockApi({ "payment-detail": { status: 404, body: { error: "No such payment.", code: "not_found" } } });
    renderAt(`/payment/${REF}`);
    expect(await screen.findByText(en.notFoundTitle)).toBeTruthy();
  });
});

describe("checkout page", () => {
  const CART = {
    status: 200,
    body: {
      carts: [
        { cartId: 1, kind: "bundle", refId: 3, name: "120 points", unitPrice: 1200, qty: 2, lineTotal: 2400, available: true },
      ],
      amounts: { subtotal: 2400, total: 2400, currency: "USD", count: 2 },
      bank: BANK,
    },
  };
  const buyer = [
    { action: "create", subject: "Payment" },
    { action: "manage", subject: "Cart", conditions: { userId: 7 } },
  ];

  it("shows the cart with the bank logo and places the order, then opens the payment page", async () => {
    mockApi({
      searchcart: CART,
      checkout: { status: 200, body: { message: "Your order is placed.", referenceId: REF, amount: 2400, lines: [] } },
    });
    const location = renderAt("/payment/payment", buyer);
    expect(await screen.findByText("120 points")).toBeTruthy();
    expect(screen.getByAltText("Example Bank logo")).toBeTruthy();
    expect(screen.getAllByText("$24.00").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: en.placeOrder }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect(calls.find((c) => c.name === "checkout")!.body).toEqual({});
  });

  it("asks before removing a line from the cart", async () => {
    mockApi({
      searchcart: CART,
      updatecart: {
        status: 200,
        body: { ...CART.body, carts: [], amounts: { ...CART.body.amounts, total: 0, count: 0 }, message: "Removed." },
      },
      checkout: { status: 200, body: { message: "ok", referenceId: REF, amount: 990, lines: [] } },
    });
    renderAt("/payment/payment", buyer);
    fireEvent.click(await screen.findByRole("button", { name: en.remove }));
    const dialog = document.querySelector("dialog")!;
    fireEvent.click(await within(dialog).findByRole("button", { name: en.remove, hidden: true }));
    await screen.findByText(en.cartEmpty);
    expect(calls.find((c) => c.name === "updatecart")!.body).toEqual({ kind: "bundle", refId: 3, qty: 0 });
  });

  it("checks out one product straight from ?kind&refId", async () => {
    mockApi({ searchcart: CART, checkout: { status: 200, body: { message: "ok", referenceId: REF, amount: 990, lines: [] } } });
    const location = renderAt("/payment/payment?kind=item&refId=4", buyer);
    fireEvent.click(await screen.findByRole("button", { name: en.placeOrder }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect(calls.find((c) => c.name === "checkout")!.body).toEqual({ kind: "item", refId: 4 });
  });
});
