import CheckoutPage from "../../web/src/features/payment/pages/CheckoutPage";
import PaymentPage from "../../web/src/features/payment/pages/PaymentPage";
import { renderRoutes, setAbilityRules } from "./page-support";

/** What the payment feature's page tests share: a payment as payment-detail answers it, and the two pages. */

export const REF = "Q2hlY2tvdXQtcmVmZXJlbmNlLTAx";
export const BANK = {
  name: "Example Bank",
  accountName: "Edge Portal Ltd",
  accountNumber: "0000-1111-2222",
  logo: "/bank-logo.svg",
};

/** A 120-point order of $24.90 in `status`, three hours from expiring unless told. */
export function paymentBody(status: string, overrides: Record<string, unknown> = {}) {
  return {
    referenceId: REF,
    amount: 2490,
    currency: "USD",
    status,
    lines: [{ kind: "bundle", refId: 3, name: "120 points", points: 120, unitPrice: 2490, qty: 1, lineTotal: 2490 }],
    hasProof: false,
    createdAt: "2026-05-01T10:00:00.000Z",
    paidAt: status === "paid" ? "2026-05-01T10:05:00.000Z" : null,
    expiresAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    invoiceNumber: status === "paid" ? 42 : null,
    payerName: "A**** H*****",
    bank: BANK,
    payByCard: false,
    ...overrides,
  };
}

/** The checkout page and the payment page, as the app routes them: `/payment/payment` is the checkout. */
export function renderPaymentPages(path: string, rules: object[] = []) {
  setAbilityRules(rules);
  return renderRoutes(path, [
    ["/payment/payment", CheckoutPage],
    ["/payment/:referenceId", PaymentPage],
  ]).location;
}
