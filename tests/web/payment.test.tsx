import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ar from "../../web/src/features/payment/locales/ar.json";
import en from "../../web/src/features/payment/locales/en.json";
import fr from "../../web/src/features/payment/locales/fr.json";
import {
  arabicNumber,
  calls,
  callsTo,
  fail,
  inArabic,
  localeKeys,
  mockApi,
  ok,
  setupPageTests,
  visibleText,
} from "./page-support";
import { BANK, paymentBody, REF, renderPaymentPages } from "./payment-support";

const detail = (status: string, expiresAt?: string) => ok(paymentBody(status, expiresAt ? { expiresAt } : {}));
const renderAt = renderPaymentPages;

const PROOF_RECEIVED = ok({ message: "Thank you. Your proof of transfer was received." });

setupPageTests({ payment: en });

describe("public payment page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
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

  it("uploads a proof with progress and confirms it once", async () => {
    let uploaded = false;
    mockApi({
      "payment-detail": () => detail(uploaded ? "awaiting_confirmation" : "pending"),
      "payment-proof": PROOF_RECEIVED,
    });
    renderAt(`/payment/${REF}`);
    await screen.findByTestId("payment-amount");
    fireEvent.click(screen.getByRole("button", { name: en.sendProof }));
    expect((await screen.findByRole("alert")).textContent).toBe(en.proofRequired);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "proof.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText(en.proofLabel), { target: { files: [file] } });
    uploaded = true;
    fireEvent.click(screen.getByRole("button", { name: en.sendProof }));
    await waitFor(() => expect(screen.getByTestId("payment-status").textContent).toBe(en.status.awaiting_confirmation));
    expect(callsTo("payment-proof")).toHaveLength(1);
    expect(callsTo("payment-proof")[0]!.body.referenceId).toBe(REF);
    expect((callsTo("payment-proof")[0]!.body.file as File).name).toBe("proof.png");
    // One confirmation, in the reader's language: not the server's text beside the page's own.
    expect(screen.getByText(en.proofReceived).getAttribute("role")).toBe("status");
    expect(screen.queryByText("Thank you. Your proof of transfer was received.")).toBeNull();
  });

  it("counts down no more once a proof is sent: the payment waits for confirmation and no longer expires", async () => {
    mockApi({ "payment-detail": detail("awaiting_confirmation", "2026-01-01T00:00:00.000Z") });
    renderAt(`/payment/${REF}`);
    expect((await screen.findByTestId("payment-no-expiry")).textContent).toBe(en.awaitingNoExpiry);
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByText(en.expiresIn)).toBeNull();
    // Past its former expiry, the payment still takes a replacing proof.
    expect(screen.getByRole("button", { name: en.sendProof })).toBeTruthy();
  });

  it("takes no proof once the payment has expired", async () => {
    mockApi({ "payment-detail": detail("expired", "2026-01-01T00:00:00.000Z") });
    renderAt(`/payment/${REF}`);
    expect(await screen.findByText(en.closed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.sendProof })).toBeNull();
  });

  it("shows not-found for an unknown reference", async () => {
    mockApi({ "payment-detail": fail(404, "No such payment.") });
    renderAt(`/payment/${REF}`);
    expect(await screen.findByText(en.notFoundTitle)).toBeTruthy();
  });
});

describe("checkout page", () => {
  const CART_BODY = {
    carts: [
      { cartId: 1, kind: "bundle", refId: 3, name: "120 points", unitPrice: 1200, qty: 2, lineTotal: 2400, available: true },
    ],
    amounts: { subtotal: 2400, total: 2400, currency: "USD", count: 2 },
    bank: BANK,
    payByCard: false,
  };
  const CART = ok(CART_BODY);
  const buyer = [
    { action: "create", subject: "Payment" },
    { action: "manage", subject: "Cart", conditions: { userId: 7 } },
  ];

  it("shows the cart with the bank logo and places the order, then opens the payment page", async () => {
    mockApi({
      searchcart: CART,
      checkout: ok({ message: "Your order is placed.", referenceId: REF, amount: 2400, lines: [] }),
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
      updatecart: ok({ ...CART_BODY, carts: [], amounts: { ...CART_BODY.amounts, total: 0, count: 0 }, message: "Removed." }),
      checkout: ok({ message: "ok", referenceId: REF, amount: 990, lines: [] }),
    });
    renderAt("/payment/payment", buyer);
    fireEvent.click(await screen.findByRole("button", { name: en.remove }));
    const dialog = document.querySelector("dialog")!;
    fireEvent.click(await within(dialog).findByRole("button", { name: en.remove, hidden: true }));
    await screen.findByText(en.cartEmpty);
    expect(calls.find((c) => c.name === "updatecart")!.body).toEqual({ kind: "bundle", refId: 3, qty: 0 });
  });

  it("checks out one product straight from ?kind&refId", async () => {
    mockApi({ searchcart: CART, checkout: ok({ message: "ok", referenceId: REF, amount: 990, lines: [] }) });
    const location = renderAt("/payment/payment?kind=item&refId=4", buyer);
    fireEvent.click(await screen.findByRole("button", { name: en.placeOrder }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect(calls.find((c) => c.name === "checkout")!.body).toEqual({ kind: "item", refId: 4 });
  });
});

describe("in Arabic", () => {
  inArabic({ payment: ar });
  const n = arabicNumber;

  it("writes a bundle's points with the Arabic unit word on the payment page, not the English name", async () => {
    mockApi({ "payment-detail": detail("pending") });
    renderAt(`/payment/${REF}`);
    const line = `${n(1)} × ${n(120)} نقطة`;
    expect(await screen.findByText((_, element) => element?.tagName === "SPAN" && visibleText(element) === line)).toBeTruthy();
    expect(screen.queryByText(/points/)).toBeNull();
  });

  it("writes a cart's bundle with the Arabic unit word on the checkout page", async () => {
    mockApi({
      searchcart: ok({
        carts: [
          {
            cartId: 1,
            kind: "bundle",
            refId: 3,
            name: "3 points",
            points: 3,
            unitPrice: 300,
            qty: 2,
            lineTotal: 600,
            available: true,
          },
        ],
        amounts: { subtotal: 600, total: 600, currency: "USD", count: 2 },
        bank: BANK,
        payByCard: false,
      }),
    });
    renderAt("/payment/payment", [{ action: "manage", subject: "Cart", conditions: { userId: 7 } }]);
    expect(await screen.findByText(`${n(3)} نقاط`)).toBeTruthy();
    expect(screen.getByRole("button", { name: ar.increase.replace("{{name}}", `${n(3)} نقاط`) })).toBeTruthy();
    expect(screen.queryByText(/points/)).toBeNull();
  });
});
