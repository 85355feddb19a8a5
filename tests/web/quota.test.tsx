import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import ar from "../../web/src/features/quota/locales/ar.json";
import en from "../../web/src/features/quota/locales/en.json";
import fr from "../../web/src/features/quota/locales/fr.json";
import QuotaPage from "../../web/src/features/quota/pages/QuotaPage";
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
      const answer = (typeof found === "function" ? found() : found) ?? {
        status: 404,
        body: { error: "Unknown call.", code: "x" },
      };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

const ledger = (balance: number, rows: unknown[]) => ({
  status: 200,
  body: { userQuota: balance, data: rows, total: rows.length, page: 1, limit: 10 },
});
const GRANT = {
  ledgerId: 1,
  delta: 120,
  reason: "grant",
  ref: "grant:abc:0",
  note: "120 points",
  createdAt: "2026-05-01T10:00:00.000Z",
};
const REDEEM = {
  ledgerId: 2,
  delta: 50,
  reason: "redeem",
  ref: "coupon:9",
  note: "Coupon SPRING",
  createdAt: "2026-05-02T10:00:00.000Z",
};

function renderPage() {
  document.cookie = `userData=${encodeURIComponent(JSON.stringify({ userId: 7, userName: "Client", role: "client", userQuota: 120 }))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(
    JSON.stringify([
      { action: "read", subject: "Quota" },
      { action: "redeem", subject: "Coupon" },
    ]),
  )}; path=/`;
  const location = memoryLocation({ path: "/portal/quota", record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SnackbarProvider>
            <QuotaPage />
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
    resources: { en: { common, quota: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("quota page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v).map((s) => `${k}.${s}`) : [k]));
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it("shows the balance, the ledger with reasons and references, and a link to buy bundles", async () => {
    mockApi({ "search-quota": ledger(120, [GRANT]) });
    renderPage();
    expect((await screen.findByTestId("quota-balance")).textContent).toBe("120");
    expect(screen.getByText("grant:abc:0")).toBeTruthy();
    expect(screen.getByText(en.reason.grant)).toBeTruthy();
    expect(screen.getByText("+120")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
  });

  it("shows the empty state when nothing moved yet", async () => {
    mockApi({ "search-quota": ledger(0, []) });
    renderPage();
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });

  it("redeems a coupon, then shows the new balance and the redemption", async () => {
    let redeemed = false;
    mockApi({
      "search-quota": () => (redeemed ? ledger(170, [REDEEM, GRANT]) : ledger(120, [GRANT])),
      "redeem-coupon": () => {
        redeemed = true;
        return { status: 200, body: { message: "Coupon redeemed. Your points were added.", userQuota: 170 } };
      },
    });
    renderPage();
    await screen.findByText("grant:abc:0");
    fireEvent.change(screen.getByLabelText(en.couponCode), { target: { value: " SPRING " } });
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    expect(await screen.findByText("Coupon redeemed. Your points were added.")).toBeTruthy();
    expect(calls.find((c) => c.name === "redeem-coupon")!.body).toEqual({ couponCode: "SPRING" });
    await waitFor(() => expect(screen.getByTestId("quota-balance").textContent).toBe("170"));
    expect(screen.getByText("coupon:9")).toBeTruthy();
  });

  it("shows the server's text when a coupon is used or unknown, and asks for a code when blank", async () => {
    mockApi({
      "search-quota": ledger(0, []),
      "redeem-coupon": { status: 409, body: { error: "This coupon was already used.", code: "coupon_used" } },
    });
    renderPage();
    await screen.findByText(en.empty);
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    expect((await screen.findByRole("alert")).textContent).toBe(en.codeRequired);
    expect(calls.some((c) => c.name === "redeem-coupon")).toBe(false);
    fireEvent.change(screen.getByLabelText(en.couponCode), { target: { value: "USED-1" } });
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This coupon was already used."));
  });
});
