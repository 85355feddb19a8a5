import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import en from "../../web/src/features/payment/locales/en.json";
import common from "../../web/src/i18n/locales/en.json";
import { callsTo, fail, mockApi, ok, setupPageTests, type Answer } from "./page-support";
import { BANK, paymentBody, REF, renderPaymentPages } from "./payment-support";

const CHECKOUT_URL = "https://checkout.stripe.test/c/pay/cs_test_1";
const detail = (status: string, payByCard = true) => ok(paymentBody(status, { payByCard }));

const buyer = [
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart", conditions: { userId: 7 } },
];
const renderAt = (path: string) => renderPaymentPages(path, buyer);

/** Stripe's page is another site: the test only records where the browser was sent. */
const leavesFor = () => vi.spyOn(window.location, "assign").mockImplementation(() => undefined);

setupPageTests({ payment: en });

describe("pay by card on the public payment page", () => {
  it("offers only the bank transfer when card payments are off", async () => {
    mockApi({ "payment-detail": detail("pending", false) });
    renderAt(`/payment/${REF}`);
    await screen.findByTestId("payment-amount");
    expect(screen.getByRole("button", { name: en.sendProof })).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.payByCard })).toBeNull();
  });

  it("opens the payment's Stripe Checkout page", async () => {
    const assign = leavesFor();
    mockApi({ "payment-detail": detail("pending"), "start-card-payment": ok({ message: "ok", url: CHECKOUT_URL }) });
    renderAt(`/payment/${REF}`);
    fireEvent.click(await screen.findByRole("button", { name: en.payByCard }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(callsTo("start-card-payment")[0]!.body).toEqual({ referenceId: REF });
    // Both ways to pay are there until the payer chooses.
    expect(screen.getByRole("button", { name: en.sendProof })).toBeTruthy();
  });

  it("shows why a card payment cannot start, and lets the payer try again", async () => {
    const assign = leavesFor();
    mockApi({ "payment-detail": detail("pending"), "start-card-payment": fail(409, "This payment cannot be paid by card.") });
    renderAt(`/payment/${REF}`);
    fireEvent.click(await screen.findByRole("button", { name: en.payByCard }));
    expect((await screen.findByRole("alert")).textContent).toBe("This payment cannot be paid by card.");
    expect((screen.getByRole("button", { name: en.payByCard }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it("gives the keyboard back to Pay by card after a failure, with the network's words when the server was not reached", async () => {
    const assign = leavesFor();
    mockApi({ "payment-detail": detail("pending") });
    const answered = globalThis.fetch;
    let drop: () => void = () => undefined;
    vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
      url === "/api/start-card-payment"
        ? new Promise<never>((_, reject) => (drop = () => reject(new TypeError("Failed to fetch"))))
        : answered(url, init),
    );
    renderAt(`/payment/${REF}`);
    const pay = (await screen.findByRole("button", { name: en.payByCard })) as HTMLButtonElement;
    pay.focus();
    fireEvent.click(pay);
    await waitFor(() => expect(pay.disabled).toBe(true));
    // Browsers move the focus off a button once it is disabled, to the page.
    document.body.tabIndex = -1;
    document.body.focus();
    drop();
    expect((await screen.findByRole("alert")).textContent).toBe(common.networkError);
    // The focus comes back once the button is enabled again (an effect after the alert's render).
    await waitFor(() => expect(document.activeElement).toBe(pay));
    expect(pay.disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    document.body.removeAttribute("tabindex");
  });

  it("shows Processing while a card payment awaits Stripe's confirmation, then Paid with the invoice", async () => {
    let confirmed = false;
    mockApi({ "payment-detail": () => detail(confirmed ? "paid" : "pending") });
    renderAt(`/payment/${REF}?card=return`);
    expect(await screen.findByText(en.cardProcessing)).toBeTruthy();
    // The badge agrees with the message: the payer has paid, not "Pending".
    expect(screen.getByTestId("payment-status").textContent).toBe(en.cardProcessingStatus);
    // While it is being paid by card, neither way to pay is offered again, nor a time left to pay.
    expect(screen.queryByRole("button", { name: en.payByCard })).toBeNull();
    expect(screen.queryByRole("button", { name: en.sendProof })).toBeNull();
    expect(screen.queryByText(en.bankTransfer)).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
    confirmed = true;
    await waitFor(() => expect(screen.getByTestId("payment-status").textContent).toBe(en.status.paid), { timeout: 6000 });
    expect(screen.queryByText(en.cardProcessing)).toBeNull();
    expect(screen.getByText(/invoice #42/)).toBeTruthy();
    // The payer followed the link without a session: the invoice comes as its PDF, not a page behind sign-in.
    expect(screen.getByRole("button", { name: en.downloadInvoice })).toBeTruthy();
    expect(callsTo("payment-detail").length).toBeGreaterThan(1);
  });

  it("shows Processing when the payer comes back to a card payment already made", async () => {
    mockApi({
      "payment-detail": detail("pending"),
      "start-card-payment": { status: 409, body: { error: "Being confirmed.", code: "card_processing" } } as Answer,
    });
    renderAt(`/payment/${REF}`);
    fireEvent.click(await screen.findByRole("button", { name: en.payByCard }));
    expect(await screen.findByText(en.cardProcessing)).toBeTruthy();
  });

  it("offers both ways to pay again after a cancelled Checkout", async () => {
    mockApi({ "payment-detail": detail("pending") });
    renderAt(`/payment/${REF}?card=cancelled`);
    expect(await screen.findByText(en.cardCancelled)).toBeTruthy();
    expect(screen.getByRole("button", { name: en.payByCard })).toBeTruthy();
    expect(screen.getByRole("button", { name: en.sendProof })).toBeTruthy();
  });

  it("says a payment is paid once", async () => {
    mockApi({ "payment-detail": detail("paid") });
    renderAt(`/payment/${REF}`);
    await screen.findByTestId("payment-amount");
    expect(screen.getAllByText(/invoice #42/)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: en.payByCard })).toBeNull();
  });

  it("has the site's header with a link home", async () => {
    mockApi({
      "payment-detail": detail("pending"),
      "app-settings": ok({ siteName: "Acme Portal", currency: "USD", languageSwitcher: false }),
    });
    renderAt(`/payment/${REF}`);
    const home = await screen.findByRole("link", { name: "Acme Portal" });
    expect(home.getAttribute("href")).toBe("/front-pages/landing-page");
    expect(home.closest("nav")?.getAttribute("aria-label")).toBe(en.siteNav);
  });
});

describe("pay by card from the checkout page", () => {
  const CART = (payByCard: boolean) =>
    ok({
      carts: [
        { cartId: 1, kind: "bundle", refId: 3, name: "120 points", unitPrice: 2490, qty: 1, lineTotal: 2490, available: true },
      ],
      amounts: { subtotal: 2490, total: 2490, currency: "USD", count: 1 },
      bank: BANK,
      payByCard,
    });
  const CHECKOUT = ok({
    message: "Your order is placed.",
    referenceId: REF,
    amount: 2490,
    lines: [],
    payment: paymentBody("pending"),
  });

  it("chooses card first and goes from the order straight to Stripe", async () => {
    const assign = leavesFor();
    mockApi({ searchcart: CART(true), checkout: CHECKOUT, "start-card-payment": ok({ message: "ok", url: CHECKOUT_URL }) });
    renderAt("/payment/payment");
    expect(((await screen.findByRole("radio", { name: en.payByCard })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByAltText("Example Bank logo")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: en.placeOrderCard }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(callsTo("start-card-payment")[0]!.body).toEqual({ referenceId: REF });
  });

  it("shows the bank details when the buyer chooses a transfer", async () => {
    mockApi({ searchcart: CART(true), checkout: CHECKOUT });
    const location = renderAt("/payment/payment");
    fireEvent.click(await screen.findByRole("radio", { name: en.bankTransfer }));
    expect(screen.getByAltText("Example Bank logo")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.placeOrder }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect(callsTo("start-card-payment")).toHaveLength(0);
  });

  it("offers no card choice when card payments are off", async () => {
    mockApi({ searchcart: CART(false) });
    renderAt("/payment/payment");
    expect(await screen.findByAltText("Example Bank logo")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.getByRole("button", { name: en.placeOrder })).toBeTruthy();
  });

  it("renders the payment page from the checkout answer at once", async () => {
    mockApi({ searchcart: CART(false), checkout: CHECKOUT });
    // payment-detail never answers: whatever the page shows comes from the checkout answer.
    const answered = globalThis.fetch;
    vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
      url === "/api/payment-detail" ? new Promise<never>(() => undefined) : answered(url, init),
    );
    const location = renderAt("/payment/payment");
    fireEvent.click(await screen.findByRole("button", { name: en.placeOrder }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect((await screen.findByTestId("payment-amount")).textContent).toBe("$24.90");
  });

  it("keeps the order and opens its payment page when the card payment cannot start", async () => {
    const assign = leavesFor();
    mockApi({
      searchcart: CART(true),
      checkout: CHECKOUT,
      "payment-detail": detail("pending"),
      "start-card-payment": fail(502, "Card payments are not available right now."),
    });
    const location = renderAt("/payment/payment");
    fireEvent.click(await screen.findByRole("button", { name: en.placeOrderCard }));
    await waitFor(() => expect(location.history).toContain(`/payment/${REF}`));
    expect(await screen.findByText(`${en.cardFailed}Card payments are not available right now.`)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
