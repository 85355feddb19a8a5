import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
import { calls, fail, localeKeys, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

const CATALOGUE = {
  currency: "USD",
  bundles: [
    { bundleId: 11, bundlePoin: 50, bundlePrice: 500, bundleDisc: 0 },
    { bundleId: 12, bundlePoin: 250, bundlePrice: 2250, bundleDisc: 10 },
  ],
  items: [{ itemId: 21, itemName: "Pro plan", itemDesc: "Three months.", itemPrice: 2490, itemDuration: 90, itemImage: null }],
};

const SETTINGS = ok({ siteName: "Edge Portal", currency: "USD", languageSwitcher: false });

function signInAsClient() {
  signIn({ userId: 7, userName: "Client", role: "client" }, [{ action: "read", subject: "Portal" }]);
}

setupPageTests({ front: en });

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

  it("shows a not-found state for an unknown slug", async () => {
    mockApi({ "app-settings": SETTINGS });
    renderAt("/front-pages/help-center/article/no-such-article", HelpArticlePage, "/front-pages/help-center/article/:title");
    // The Worker is asked first (a slug the build never saw may be an article staff wrote since); its 404 says not found.
    expect(await screen.findByRole("heading", { level: 1, name: en.help.notFoundTitle })).toBeTruthy();
    expect(screen.getByRole("link", { name: en.help.backToHelp }).getAttribute("href")).toBe("/front-pages/help-center");
  });
});

describe("pricing", () => {
  it("renders the bundles and plans of the catalogue call", async () => {
    mockApi({ "public-catalogue": ok(CATALOGUE) });
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

  it("shows a named bundle's name and description on its card", async () => {
    const named = { bundleName: "Starter", bundleNameFr: "", bundleNameAr: "", bundleDesc: "To try a few checks." };
    const bundle = { ...CATALOGUE.bundles[0]!, ...named, bundleDescFr: "", bundleDescAr: "" };
    mockApi({ "public-catalogue": ok({ ...CATALOGUE, bundles: [bundle] }) });
    renderAt("/pages/pricing", PortalPricingPage);
    const [card] = await screen.findAllByTestId("bundle-card");
    expect(within(card!).getByRole("heading").textContent).toContain("Starter");
    expect(within(card!).getByText("To try a few checks.")).toBeTruthy();
  });

  it("shows a phone the first three cards of a section and the rest on request", async () => {
    const items = [21, 22, 23, 24, 25].map((itemId) => ({ ...CATALOGUE.items[0]!, itemId, itemName: `Plan ${itemId}` }));
    mockApi({ "public-catalogue": ok({ ...CATALOGUE, items }) });
    renderAt("/pages/pricing", PortalPricingPage);
    await screen.findAllByTestId("item-card");
    const folded = () => screen.getAllByTestId("item-card").map((card) => card.className.includes("max-sm:hidden"));
    expect(folded()).toEqual([false, false, false, true, true]);
    // Two bundles: nothing to fold, no button for them.
    expect(screen.getAllByTestId("show-all")).toHaveLength(1);
    const more = screen.getByTestId("show-all");
    expect(more.textContent).toBe("Show all 5 products");
    expect(more.className).toContain("sm:hidden");
    fireEvent.click(more);
    expect(folded()).toEqual([false, false, false, false, false]);
    expect(screen.queryByTestId("show-all")).toBeNull();
  });

  it("shows empty states when nothing is on sale", async () => {
    mockApi({ "public-catalogue": ok({ currency: "USD", bundles: [], items: [] }) });
    renderAt("/pages/pricing", PortalPricingPage);
    expect(await screen.findByText(en.pricing.emptyBundles)).toBeTruthy();
    expect(screen.getByText(en.pricing.emptyPlans)).toBeTruthy();
  });

  it("shows an error state with a retry when the catalogue cannot load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "public-catalogue": fail(500, "Something went wrong.") });
    renderAt("/pages/pricing", PortalPricingPage);
    expect(await screen.findByText(en.pricing.loadError)).toBeTruthy();
    expect(screen.getByRole("button", { name: common.retry })).toBeTruthy();
  });

  it("sends an anonymous buyer to sign in, back to pricing afterwards", async () => {
    mockApi({ "public-catalogue": ok(CATALOGUE) });
    const location = renderAt("/pages/pricing", PortalPricingPage);
    fireEvent.click(await screen.findByRole("button", { name: "Buy 50 points" }));
    expect(location.history.at(-1)).toBe("/login?to=%2Fpages%2Fpricing");
    expect(calls.map((c) => c.name)).not.toContain("checkout");
  });

  it("checks a signed-in buyer out and opens the payment page", async () => {
    signInAsClient();
    mockApi({
      "public-catalogue": ok(CATALOGUE),
      checkout: ok({ message: "Payment created.", referenceId: "Ref_abcdefghijklmnop123", amount: 2250 }),
    });
    const location = renderAt("/pages/pricing", PortalPricingPage);
    fireEvent.click(await screen.findByRole("button", { name: "Buy 250 points" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/Ref_abcdefghijklmnop123"));
    expect(calls.find((c) => c.name === "checkout")?.body).toEqual({ kind: "bundle", refId: 12 });
  });

  it("shows the server's error when checkout is refused", async () => {
    signInAsClient();
    mockApi({
      "public-catalogue": ok(CATALOGUE),
      checkout: fail(409, "This product is no longer on sale."),
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
    mockApi({ "public-catalogue": ok(CATALOGUE), "app-settings": SETTINGS });
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
      "public-catalogue": ok(CATALOGUE),
      "app-settings": SETTINGS,
      checkout: ok({ message: "Payment created.", referenceId: "Ref_abcdefghijklmnop999", amount: 2490 }),
    });
    const location = renderAt("/front-pages/checkout?kind=item&refId=21", CheckoutPage);
    expect(await screen.findByText("Pro plan")).toBeTruthy();
    expect(screen.getByText("Access for 90 days")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.checkout.confirm }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/Ref_abcdefghijklmnop999"));
    expect(calls.find((c) => c.name === "checkout")?.body).toEqual({ kind: "item", refId: 21 });
  });

  it("says nothing is selected for an unknown product", async () => {
    mockApi({ "public-catalogue": ok(CATALOGUE), "app-settings": SETTINGS });
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
  it("have the same keys, articles and questions in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });
});
