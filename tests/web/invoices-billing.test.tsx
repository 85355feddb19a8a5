import { render, screen } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import ar from "../../web/src/features/billing/locales/ar.json";
import en from "../../web/src/features/billing/locales/en.json";
import fr from "../../web/src/features/billing/locales/fr.json";
import BillingTabPage from "../../web/src/features/billing/pages/BillingTabPage";
import common from "../../web/src/i18n/locales/en.json";

const calls: { name: string; body: Record<string, unknown> }[] = [];

function mockApi(answers: Record<string, unknown>) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: JSON.parse(String(init?.body ?? "{}")) });
      return new Response(JSON.stringify(answers[name] ?? { data: [], total: 0, page: 1, limit: 10 }), { status: 200 });
    }),
  );
}

const payment = (referenceId: string, status: string, invoiceNumber: number | null) => ({
  referenceId,
  amount: 950,
  currency: "USD",
  status,
  lines: [{ kind: "bundle", refId: 2, name: "100 points", qty: 1, lineTotal: 950 }],
  createdAt: "2026-05-01T10:00:00.000Z",
  paidAt: null,
  expiresAt: "2026-05-02T10:00:00.000Z",
  invoiceNumber,
});

function renderTab() {
  const user = { userId: 7, userName: "Client", role: "client", userPlan: "Pro plan" };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(user))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify([{ action: "read", subject: "Payment", conditions: { userId: 7 } }]))}; path=/`;
  const location = memoryLocation({ path: "/pages/account-settings/billing" });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <BillingTabPage />
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
    resources: { en: { common, billing: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => vi.unstubAllGlobals());

const keys = (o: object): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v).map((s) => `${k}.${s}`) : [k]));

describe("billing tab", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it("shows the plan, subscriptions, and own payments with their invoice or a pay link", async () => {
    mockApi({
      "search-subscription": {
        data: [
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
        total: 1,
        page: 1,
        limit: 5,
      },
      "search-payment": {
        data: [payment("PAID-reference-0000000001", "paid", 41), payment("OPEN-reference-0000000001", "pending", null)],
        total: 2,
        page: 1,
        limit: 10,
      },
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
    mockApi({});
    renderTab();
    expect(await screen.findByText(en.noPayments)).toBeTruthy();
    expect(await screen.findByText(en.noSubscriptions)).toBeTruthy();
  });
});
