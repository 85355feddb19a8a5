import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import ar from "../../web/src/features/front/locales/ar.json";
import en from "../../web/src/features/front/locales/en.json";
import fr from "../../web/src/features/front/locales/fr.json";
import { referenceFrom } from "../../web/src/features/front/lib/reference";
import CheckoutPage from "../../web/src/features/front/pages/CheckoutPage";
import FaqPage from "../../web/src/features/front/pages/FaqPage";
import HelpArticlePage from "../../web/src/features/front/pages/HelpArticlePage";
import HelpCenterPage from "../../web/src/features/front/pages/HelpCenterPage";
import PaymentEntryPage from "../../web/src/features/front/pages/PaymentEntryPage";
import PortalPricingPage from "../../web/src/features/front/pages/PortalPricingPage";
import common from "../../web/src/i18n/locales/en.json";

const CATALOGUE = {
  currency: "USD",
  bundles: [
    { bundleId: 11, bundlePoin: 50, bundlePrice: 500, bundleDisc: 0 },
    { bundleId: 12, bundlePoin: 250, bundlePrice: 2250, bundleDisc: 10 },
  ],
  items: [{ itemId: 21, itemName: "Pro plan", itemDesc: "Three months.", itemPrice: 2490, itemDuration: 90, itemImage: null }],
};

type Answer = { status: number; body: unknown };
const calls: { name: string; body: unknown }[] = [];

/** Answers `POST /api/<name>` from a table, recording every call. */
function mockApi(answers: Record<string, Answer>) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: init?.body ? JSON.parse(String(init.body)) : {} });
      const answer = answers[name] ?? { status: 404, body: { error: "Unknown call.", code: "unknown_call" } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

const SETTINGS: Answer = { status: 200, body: { siteName: "Edge Portal", currency: "USD", languageSwitcher: false } };

function renderAt(path: string, Page: ComponentType, pattern = path.split("?")[0]!) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <SnackbarProvider>
            <Route path={pattern}>
              <Page />
            </Route>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
  return location;
}

function signInAsClient() {
  const userData = { userId: 7, userName: "Client", userEmail: "c@example.test", role: "client", userRole: "client" };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify([{ action: "read", subject: "Portal" }]))}; path=/`;
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, front: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("help center", () => {
  it("lists every article and filters them by search words", async () => {
    mockApi({ "app-settings": SETTINGS });
    renderAt("/front-pages/help-center", HelpCenterPage);
    expect(screen.getAllByTestId("help-article")).toHaveLength(Object.keys(en.help.articles).length);

    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "coupon" } });
    const titles = screen.getAllByTestId("help-article").map((card) => within(card).getByRole("heading").textContent);
    expect(titles).toContain(en.help.articles["how-coupons-work"].title);
    expect(titles).not.toContain(en.help.articles["what-similarity-means"].title);
    expect(titles).not.toContain(en.help.articles["account-security-and-two-factor"].title);

    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "no-such-topic-xyz" } });
    expect(screen.queryAllByTestId("help-article")).toHaveLength(0);
    expect(screen.getByText(/No article matches “no-such-topic-xyz”/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.help.clearSearch }));
    expect(screen.getAllByTestId("help-article")).toHaveLength(8);
  });

  it("filters by category", () => {
    mockApi({ "app-settings": SETTINGS });
    renderAt("/front-pages/help-center", HelpCenterPage);
    fireEvent.click(screen.getByRole("button", { name: en.help.categories.billing }));
    const cards = screen.getAllByTestId("help-article");
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain(en.help.articles["invoices-and-receipts"].title);
    expect(screen.getByRole("button", { name: en.help.categories.billing }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows an article by its slug, with its paragraphs and related articles", () => {
    mockApi({ "app-settings": SETTINGS });
    renderAt("/front-pages/help-center/article/how-coupons-work", HelpArticlePage, "/front-pages/help-center/article/:title");
    const article = en.help.articles["how-coupons-work"];
    expect(screen.getByRole("heading", { level: 1, name: article.title })).toBeTruthy();
    for (const paragraph of article.body) expect(screen.getByText(paragraph)).toBeTruthy();
    expect(screen.getByRole("link", { name: en.help.articles["how-to-buy-points"].title })).toBeTruthy();
  });

  it("shows a not-found state for an unknown slug", () => {
    mockApi({ "app-settings": SETTINGS });
    renderAt("/front-pages/help-center/article/no-such-article", HelpArticlePage, "/front-pages/help-center/article/:title");
    expect(screen.getByRole("heading", { level: 1, name: en.help.notFoundTitle })).toBeTruthy();
    expect(screen.getByRole("link", { name: en.help.backToHelp }).getAttribute("href")).toBe("/front-pages/help-center");
  });
});

describe("pricing", () => {
  it("renders the bundles and plans of the catalogue call", async () => {
    mockApi({ "public-catalogue": { status: 200, body: CATALOGUE } });
    renderAt("/pages/pricing", PortalPricingPage);
    const cards = await screen.findAllByTestId("bundle-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain("50");
    expect(cards[0]!.textContent).toContain("$5.00");
    expect(cards[0]!.textContent).toContain("$0.10 per point");
    expect(cards[1]!.textContent).toContain("$22.50");
    expect(cards[1]!.textContent).toContain("Save 10%");
    // 250 points at $0.09 a point beat 50 at $0.10: the larger bundle is the best value.
    expect(within(cards[1]!).queryByText(en.pricing.bestValue)).toBeTruthy();
    expect(within(cards[0]!).queryByText(en.pricing.bestValue)).toBeNull();
    const plan = screen.getByTestId("item-card");
    expect(plan.textContent).toContain("Pro plan");
    expect(plan.textContent).toContain("$24.90");
    expect(plan.textContent).toContain("90 days");
    expect(calls.map((c) => c.name)).toEqual(["public-catalogue"]);
  });

  it("shows empty states when nothing is on sale", async () => {
    mockApi({ "public-catalogue": { status: 200, body: { currency: "USD", bundles: [], items: [] } } });
    renderAt("/pages/pricing", PortalPricingPage);
    expect(await screen.findByText(en.pricing.emptyBundles)).toBeTruthy();
    expect(screen.getByText(en.pricing.emptyPlans)).toBeTruthy();
  });

  it("shows an error state with a retry when the catalogue cannot load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "public-catalogue": { status: 500, body: { error: "Something went wrong.", code: "internal_error" } } });
    renderAt("/pages/pricing", PortalPricingPage);
    expect(await screen.findByText(en.pricing.loadError)).toBeTruthy();
    expect(screen.getByRole("button", { name: common.retry })).toBeTruthy();
  });

  it("sends an anonymous buyer to sign in, back to pricing afterwards", async () => {
    mockApi({ "public-catalogue": { status: 200, body: CATALOGUE } });
    const location = renderAt("/pages/pricing", PortalPricingPage);
    fireEvent.click(await screen.findByRole("button", { name: "Buy 50 points" }));
    expect(location.history.at(-1)).toBe("/login?to=%2Fpages%2Fpricing");
    expect(calls.map((c) => c.name)).not.toContain("checkout");
  });

  it("checks a signed-in buyer out and opens the payment page", async () => {
    signInAsClient();
    mockApi({
      "public-catalogue": { status: 200, body: CATALOGUE },
      checkout: { status: 200, body: { message: "Payment created.", referenceId: "Ref_abcdefghijklmnop123", amount: 2250 } },
    });
    const location = renderAt("/pages/pricing", PortalPricingPage);
    fireEvent.click(await screen.findByRole("button", { name: "Buy 250 points" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/Ref_abcdefghijklmnop123"));
    expect(calls.find((c) => c.name === "checkout")?.body).toEqual({ kind: "bundle", refId: 12 });
  });

  it("shows the server's error when checkout is refused", async () => {
    signInAsClient();
    mockApi({
      "public-catalogue": { status: 200, body: CATALOGUE },
      checkout: { status: 409, body: { error: "This product is no longer on sale.", code: "conflict" } },
    });
    const location = renderAt("/pages/pricing", PortalPricingPage);
    fireEvent.click(await screen.findByRole("button", { name: "Buy Pro plan" }));
    expect(await screen.findByText(`${en.pricing.buyFailed}This product is no longer on sale.`)).toBeTruthy();
    expect(location.history).toEqual(["/pages/pricing"]);
    expect(calls.find((c) => c.name === "checkout")?.body).toEqual({ kind: "item", refId: 21 });
  });
});

describe("checkout and payment entry", () => {
  it("shows what will be bought from ?kind=&refId= and sends an anonymous buyer to sign in first", async () => {
    mockApi({ "public-catalogue": { status: 200, body: CATALOGUE }, "app-settings": SETTINGS });
    const location = renderAt("/front-pages/checkout?kind=bundle&refId=12", CheckoutPage);
    expect(await screen.findByText("250 points")).toBeTruthy();
    expect(screen.getByText("$22.50")).toBeTruthy();
    expect(screen.getByText("10%")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.checkout.signInToBuy }));
    expect(location.history.at(-1)).toBe(`/login?to=${encodeURIComponent("/front-pages/checkout?kind=bundle&refId=12")}`);
    expect(calls.map((c) => c.name)).not.toContain("checkout");
  });

  it("confirms a signed-in buyer's order into the payment page", async () => {
    signInAsClient();
    mockApi({
      "public-catalogue": { status: 200, body: CATALOGUE },
      "app-settings": SETTINGS,
      checkout: { status: 200, body: { message: "Payment created.", referenceId: "Ref_abcdefghijklmnop999", amount: 2490 } },
    });
    const location = renderAt("/front-pages/checkout?kind=item&refId=21", CheckoutPage);
    expect(await screen.findByText("Pro plan")).toBeTruthy();
    expect(screen.getByText("Access for 90 days")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.checkout.confirm }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/Ref_abcdefghijklmnop999"));
    expect(calls.find((c) => c.name === "checkout")?.body).toEqual({ kind: "item", refId: 21 });
  });

  it("says nothing is selected for an unknown product", async () => {
    mockApi({ "public-catalogue": { status: 200, body: CATALOGUE }, "app-settings": SETTINGS });
    renderAt("/front-pages/checkout?kind=bundle&refId=999", CheckoutPage);
    expect(await screen.findByText(en.checkout.nothingSelected)).toBeTruthy();
  });

  it("opens a payment by its reference and rejects what is not one", () => {
    mockApi({ "app-settings": SETTINGS });
    const location = renderAt("/front-pages/payment", PaymentEntryPage);
    const input = screen.getByLabelText(en.payment.referenceLabel);
    fireEvent.click(screen.getByRole("button", { name: en.payment.open }));
    expect(screen.getByRole("alert").textContent).toBe(`The field "${en.payment.referenceLabel}" is required.`);
    fireEvent.change(input, { target: { value: "not a reference" } });
    fireEvent.click(screen.getByRole("button", { name: en.payment.open }));
    expect(screen.getByRole("alert").textContent).toBe(en.payment.invalidReference);
    fireEvent.change(input, { target: { value: "https://portal.example/payment/Ref_abcdefghijklmnop123" } });
    fireEvent.click(screen.getByRole("button", { name: en.payment.open }));
    expect(location.history.at(-1)).toBe("/payment/Ref_abcdefghijklmnop123");
  });

  it("reads a reference from a bare id or a link", () => {
    expect(referenceFrom("  Ref_abcdefghijklmnop123 ")).toBe("Ref_abcdefghijklmnop123");
    expect(referenceFrom("/payment/Ref_abcdefghijklmnop123?x=1")).toBe("Ref_abcdefghijklmnop123");
    expect(referenceFrom("short")).toBeNull();
    expect(referenceFrom("/payment/%E0%A4%A")).toBeNull();
  });
});

describe("FAQ", () => {
  it("shows every question as a collapsible answer, the first one open", () => {
    renderAt("/pages/faq", FaqPage);
    const questions = document.querySelectorAll("details.collapse");
    expect(questions).toHaveLength(en.faq.items.length);
    en.faq.items.forEach((entry, index) => {
      expect(questions[index]!.querySelector("summary")!.textContent).toBe(entry.q);
      expect(questions[index]!.textContent).toContain(entry.a);
    });
    expect((questions[0] as HTMLDetailsElement).open).toBe(true);
    expect((questions[1] as HTMLDetailsElement).open).toBe(false);
  });
});

describe("front locales", () => {
  function keys(value: unknown, prefix = ""): string[] {
    if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keys(v, `${prefix}[${i}]`))];
    if (value && typeof value === "object")
      return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
    return [prefix];
  }

  it("have the same keys, articles and questions in en, fr and ar", () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });
});
