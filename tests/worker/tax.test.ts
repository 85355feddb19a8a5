import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { frozenSale } from "../../worker/src/domain/payments/billing";
import type { PaymentLine } from "../../worker/src/domain/payments/lines";
import { lineAmounts, reverseChargeApplies, taxFor } from "../../worker/src/domain/payments/tax";
import { call, createAdmin, createBundle, createItem, createUser } from "./helpers";
import { standInRequests, stripeEnv } from "./stripe-support";

const RATES = [0, 2.1, 5.5, 7.7, 10, 12.5, 19, 20, 21, 25.5];
/** Prices from 1 minor unit up, dense where rounding bites. */
const PRICES = [...Array.from({ length: 300 }, (_, i) => i + 1), 999, 1000, 1001, 1999, 4999, 12345, 99999, 1234567];

const line = (unitPrice: number, qty: number): PaymentLine => ({
  kind: "bundle",
  refId: 1,
  name: "x",
  unitPrice,
  qty,
  lineTotal: unitPrice * qty,
  points: 1,
});

describe("tax per line, rounded once, totals the sum of lines", () => {
  it("net + tax = gross on every line and in total, over prices × rates × inclusive/exclusive/reverse charge", () => {
    let checked = 0;
    for (const rate of RATES) {
      for (const inclusive of [false, true]) {
        for (const reverseCharge of [false, true]) {
          const tax = { name: "VAT", rate, inclusive, reverseCharge };
          for (const price of PRICES) {
            const { net, tax: added, gross } = lineAmounts(price, tax);
            expect(net + added).toBe(gross);
            expect(Number.isInteger(net) && Number.isInteger(added)).toBe(true);
            if (reverseCharge) expect(added).toBe(0);
            else if (inclusive) {
              // The gross is the catalogue price; the tax is what the rate makes of the net, within half a unit.
              expect(gross).toBe(price);
              expect(Math.abs(net * (1 + rate / 100) - price)).toBeLessThanOrEqual(0.5 * (1 + rate / 100) + 1e-9);
            } else {
              expect(net).toBe(price);
              expect(Math.abs(added - (price * rate) / 100)).toBeLessThanOrEqual(0.5);
            }
            checked++;
          }
          const sale = frozenSale(
            PRICES.slice(0, 40).map((p, i) => line(p, (i % 3) + 1)),
            rate === 0 && !inclusive ? null : { name: "VAT", rateBp: Math.round(rate * 100), inclusive, sellerCountry: "FR" },
            { name: "B", company: "", address: [], country: "", vatNumber: reverseCharge ? "DE123456789" : "" },
          );
          if (sale.netAmount !== null) {
            expect(sale.netAmount + sale.taxAmount!).toBe(sale.amount);
            expect(sale.lines.reduce((sum, l) => sum + l.lineTotal, 0)).toBe(sale.amount);
            expect(sale.lines.reduce((sum, l) => sum + l.tax!, 0)).toBe(sale.taxAmount);
          }
        }
      }
    }
    expect(checked).toBe(RATES.length * 4 * PRICES.length);
  });

  it("rounds half up, once per line (20 % of 1 = 0.2 → 0; of 3 = 0.6 → 1; of 25 = 5)", () => {
    const exclusive = { name: "VAT", rate: 20, inclusive: false, reverseCharge: false };
    expect(lineAmounts(1, exclusive)).toEqual({ net: 1, tax: 0, gross: 1 });
    expect(lineAmounts(3, exclusive)).toEqual({ net: 3, tax: 1, gross: 4 });
    expect(lineAmounts(25, exclusive)).toEqual({ net: 25, tax: 5, gross: 30 });
    expect(lineAmounts(1200, { ...exclusive, inclusive: true })).toEqual({ net: 1000, tax: 200, gross: 1200 });
    expect(lineAmounts(1200, { ...exclusive, inclusive: true, reverseCharge: true })).toEqual({ net: 1000, tax: 0, gross: 1000 });
  });

  it("reverse charge: a VAT number of another EU country than the seller's", () => {
    expect(reverseChargeApplies("FR", "DE123456789")).toBe(true);
    expect(reverseChargeApplies("FR", "de 123 456 789")).toBe(true);
    expect(reverseChargeApplies("GR", "EL123456789")).toBe(false);
    expect(reverseChargeApplies("DE", "EL123456789")).toBe(true);
    expect(reverseChargeApplies("FR", "FR12345678901")).toBe(false);
    expect(reverseChargeApplies("FR", "")).toBe(false);
    expect(reverseChargeApplies("FR", "GB123456789")).toBe(false);
    expect(reverseChargeApplies("US", "DE123456789")).toBe(false);
    expect(taxFor(null, "DE123456789")).toBeNull();
  });
});

const taxEnv = (inclusive: boolean): Env => ({
  ...env,
  TAX_NAME: "VAT",
  TAX_RATE: "20",
  TAX_INCLUSIVE: inclusive ? "true" : "false",
  SELLER_COUNTRY: "FR",
  SELLER_LEGAL_NAME: "Edge Portal SAS",
});

describe("checkout with tax settings", () => {
  it("freezes the tax and the buyer's party: exclusive prices get tax added, the payment shows net, tax, gross", async () => {
    const client = await createUser({ name: "Amira Haddad" });
    await call("update-billing-details", { billingCompany: "Haddad SARL", billingVatNumber: "" }, { cookie: client.cookie });
    const bundle = await createBundle({ points: 100, ppp: 10 });
    const res = await call(
      "checkout",
      { kind: "bundle", refId: bundle.bundleId, qty: 3 },
      { cookie: client.cookie, env: taxEnv(false) },
    );
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(3600);
    expect(res.body.lines).toEqual([expect.objectContaining({ unitPrice: 1000, qty: 3, net: 3000, tax: 600, lineTotal: 3600 })]);
    const admin = await createAdmin();
    const detail = await call("invoice-detail", { referenceId: res.body.referenceId }, { cookie: admin.cookie });
    expect(detail.body.payment).toMatchObject({
      amount: 3600,
      netAmount: 3000,
      taxAmount: 600,
      tax: { name: "VAT", rate: 20, inclusive: false, reverseCharge: false },
      buyer: { name: "Amira Haddad", company: "Haddad SARL", vatNumber: "" },
    });
    // Later edits of the billing details change no invoice.
    await call("update-billing-details", { billingCompany: "Other", billingVatNumber: "DE123456789" }, { cookie: client.cookie });
    expect(
      (await call("invoice-detail", { referenceId: res.body.referenceId }, { cookie: admin.cookie })).body.payment.buyer.company,
    ).toBe("Haddad SARL");
  });

  it("inclusive prices keep their gross; a business in another EU country pays the net, reverse charge", async () => {
    const item = await createItem({ price: 1200 });
    const local = await createUser();
    const inclusive = await call("checkout", { kind: "item", refId: item }, { cookie: local.cookie, env: taxEnv(true) });
    expect(inclusive.body.lines[0]).toMatchObject({ net: 1000, tax: 200, lineTotal: 1200 });
    expect(inclusive.body.amount).toBe(1200);

    const business = await createUser();
    await call(
      "update-billing-details",
      { billingCompany: "Müller GmbH", billingVatNumber: "DE 123 456 789" },
      { cookie: business.cookie },
    );
    const reverse = await call("checkout", { kind: "item", refId: item }, { cookie: business.cookie, env: taxEnv(true) });
    expect(reverse.body.lines[0]).toMatchObject({ net: 1000, tax: 0, lineTotal: 1000 });
    expect(reverse.body.amount).toBe(1000);
    expect(reverse.body.payment).toMatchObject({ tax: { reverseCharge: true }, taxAmount: 0, netAmount: 1000 });
  });

  it("a taxed order is charged its gross by card: each line's total as one Stripe unit", async () => {
    const client = await createUser();
    const bundle = await createBundle({ points: 7, ppp: 11 });
    const cardTax = { ...stripeEnv(), TAX_NAME: "VAT", TAX_RATE: "19", TAX_INCLUSIVE: "false", SELLER_COUNTRY: "DE" };
    const order = await call(
      "checkout",
      { kind: "bundle", refId: bundle.bundleId, qty: 3 },
      { cookie: client.cookie, env: cardTax },
    );
    // 3 × 77 = 231 net, 19 % = 43.89 → 44 tax, 275 gross (not a multiple of 3).
    expect(order.body.amount).toBe(275);
    const started = await call("start-card-payment", { referenceId: order.body.referenceId }, { env: cardTax });
    expect(started.status).toBe(200);
    const [sent] = await standInRequests(inject("stripeApiBase"), order.body.referenceId);
    expect(sent!.form).toMatchObject({
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "275",
      "line_items[0][price_data][product_data][name]": "3 × 7 points",
    });
  });

  it("without tax settings an order looks as it always did: no net, no tax", async () => {
    const client = await createUser();
    const bundle = await createBundle({ points: 10, ppp: 10 });
    const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
    expect(res.body.lines[0]).not.toHaveProperty("tax");
    expect(res.body.payment).toMatchObject({ amount: 100, netAmount: null, taxAmount: null, tax: null });
  });
});

describe("billing details", () => {
  it("are the caller's own: saved normalized, a malformed VAT number refused with nothing changed", async () => {
    const client = await createUser();
    const saved = await call(
      "update-billing-details",
      { billingCompany: "ACME", billingVatNumber: "fr 12 345678901" },
      { cookie: client.cookie },
    );
    expect(saved.body).toMatchObject({
      message: "Billing details saved.",
      billingCompany: "ACME",
      billingVatNumber: "FR12345678901",
    });
    const bad = await call(
      "update-billing-details",
      { billingCompany: "X", billingVatNumber: "12-34" },
      { cookie: client.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("billingVatNumber");
    expect((await call("billing-details", {}, { cookie: client.cookie })).body).toEqual({
      billingCompany: "ACME",
      billingVatNumber: "FR12345678901",
    });
    expect((await call("billing-details", {})).status).toBe(401);
  });
});
