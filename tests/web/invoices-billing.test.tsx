import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ar from "../../web/src/features/billing/locales/ar.json";
import en from "../../web/src/features/billing/locales/en.json";
import fr from "../../web/src/features/billing/locales/fr.json";
import BillingTabPage from "../../web/src/features/billing/pages/BillingTabPage";
import {
  arabicNumber,
  calls,
  inArabic,
  listOf,
  localeKeys,
  mockApi,
  renderAt,
  setupPageTests,
  signIn,
  visibleText,
} from "./page-support";

const payment = (referenceId: string, status: string, invoiceNumber: number | null) => ({
  referenceId,
  amount: 950,
  currency: "USD",
  status,
  lines: [{ kind: "bundle", refId: 2, name: "100 points", points: 100, qty: 1, lineTotal: 950 }],
  createdAt: "2026-05-01T10:00:00.000Z",
  paidAt: null,
  expiresAt: "2026-05-02T10:00:00.000Z",
  invoiceNumber,
});

function renderTab() {
  signIn({ userId: 7, userName: "Client", role: "client", userPlan: "Pro plan" }, [
    { action: "read", subject: "Payment", conditions: { userId: 7 } },
  ]);
  renderAt("/pages/account-settings/billing", BillingTabPage);
}

// Calls the test leaves out answer an empty list.
const mockLists = (answers: Parameters<typeof mockApi>[0]) => mockApi(answers, { fallback: listOf([]) });

setupPageTests({ billing: en });

describe("billing tab", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("shows the plan, subscriptions, and own payments with their invoice or a pay link", async () => {
    mockLists({
      "search-subscription": listOf(
        [
          {
            subscriptionId: 1,
            itemId: 2,
            itemName: "Pro plan",
            itemUrl: "",
            startsAt: "2026-05-01T00:00:00.000Z",
            endsAt: "2099-01-01T00:00:00.000Z",
            active: true,
          },
        ],
        1,
        5,
      ),
      "search-payment": listOf([
        payment("PAID-reference-0000000001", "paid", 41),
        payment("OPEN-reference-0000000001", "pending", null),
      ]),
    });
    renderTab();
    expect(await screen.findByRole("link", { name: "#41" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "#41" }).getAttribute("href")).toBe(
      "/apps/invoice/preview/PAID-reference-0000000001",
    );
    expect(screen.getByRole("link", { name: en.payNow }).getAttribute("href")).toBe("/payment/OPEN-reference-0000000001");
    expect(await screen.findByText(en.active)).toBeTruthy();
    expect(screen.getAllByText("Pro plan").length).toBe(2);
    expect(calls.find((c) => c.name === "search-payment")!.body).toMatchObject({ userId: 7 });
  });

  it("shows empty states without payments or subscriptions", async () => {
    mockLists({});
    renderTab();
    expect(await screen.findByText(en.noPayments)).toBeTruthy();
    expect(await screen.findByText(en.noSubscriptions)).toBeTruthy();
  });
});

describe("billing tab in Arabic", () => {
  inArabic({ billing: ar });

  it("writes a payment's bundle with the Arabic unit word, not the English name frozen at checkout", async () => {
    mockLists({ "search-payment": listOf([payment("PAID-reference-0000000001", "paid", 41)]) });
    renderTab();
    const lines = `${arabicNumber(1)} × ${arabicNumber(100)} نقطة`;
    expect(await screen.findAllByText((_, element) => element?.tagName === "TD" && visibleText(element) === lines)).not.toEqual(
      [],
    );
    expect(screen.queryByText(/points/)).toBeNull();
  });
});
