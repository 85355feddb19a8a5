import { screen } from "@testing-library/react";
import i18n from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import commonAr from "../../web/src/i18n/locales/ar.json";
import commonFr from "../../web/src/i18n/locales/fr.json";
import CartBadge from "../../web/src/features/cart/components/CartBadge";
import * as cart from "../../web/src/features/cart";
import ar from "../../web/src/features/cart/locales/ar.json";
import en from "../../web/src/features/cart/locales/en.json";
import fr from "../../web/src/features/cart/locales/fr.json";
import { calls, fail, localeKeys, mockApi, ok, renderRoutes, setAbilityRules, setupPageTests } from "./page-support";

function renderBadge(rules: object[], count: number) {
  mockApi({ searchcart: ok({ carts: [], amounts: { count, total: 0, subtotal: 0, currency: "USD" } }) });
  setAbilityRules(rules);
  return renderRoutes("/portal/dashboard", [["/portal/dashboard", CartBadge]], { bare: true });
}

setupPageTests({ cart: en });

const BUYER = [
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart", conditions: { userId: 7 } },
];

describe("cart badge", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("is a navbar widget of the cart feature, loaded on demand", async () => {
    expect(cart.navbarWidgets).toEqual([expect.objectContaining({ name: "cart", order: 10 })]);
    const loaded = await cart.navbarWidgets[0]!.component();
    expect(loaded.default).toBe(CartBadge);
  });

  it("shows the number of products in the cart and links to the checkout page", async () => {
    renderBadge(BUYER, 3);
    expect((await screen.findByTestId("cart-count")).textContent).toBe("3");
    expect(screen.getByRole("link", { name: "Cart: 3 products" }).getAttribute("href")).toBe("/payment/payment");
    expect(calls.map((c) => c.name)).toEqual(["searchcart"]);
  });

  it("shows no count for an empty cart", async () => {
    renderBadge(BUYER, 0);
    await screen.findByRole("link", { name: "Cart: 0 products" });
    expect(screen.queryByTestId("cart-count")).toBeNull();
  });

  it("keeps its name in every state: loading, failed, one product (singular)", async () => {
    vi.stubGlobal("fetch", () => new Promise(() => undefined));
    setAbilityRules(BUYER);
    const loading = renderRoutes("/portal/dashboard", [["/portal/dashboard", CartBadge]], { bare: true });
    expect(screen.getByRole("link", { name: "Cart: 0 products" })).toBeTruthy();
    loading.unmount();

    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ searchcart: fail(500, "down") });
    const failed = renderRoutes("/portal/dashboard", [["/portal/dashboard", CartBadge]], { bare: true });
    await vi.waitFor(() => expect(calls.map((c) => c.name)).toEqual(["searchcart"]));
    expect(screen.getByRole("link", { name: "Cart: 0 products" })).toBeTruthy();
    failed.unmount();

    renderBadge(BUYER, 1);
    expect((await screen.findByTestId("cart-count")).textContent).toBe("1");
    expect(screen.getByRole("link", { name: "Cart: 1 product" })).toBeTruthy();
  });

  describe("in French and Arabic", () => {
    afterEach(() => i18n.changeLanguage("en"));

    it("says the count with the language's unit word", async () => {
      i18n.addResourceBundle("fr", "common", commonFr);
      i18n.addResourceBundle("fr", "cart", fr);
      i18n.addResourceBundle("ar", "common", commonAr);
      i18n.addResourceBundle("ar", "cart", ar);
      await i18n.changeLanguage("fr");
      const french = renderBadge(BUYER, 1);
      expect(await screen.findByRole("link", { name: "Panier : 1 produit" })).toBeTruthy();
      french.unmount();
      await i18n.changeLanguage("ar");
      renderBadge(BUYER, 2);
      expect(await screen.findByRole("link", { name: "السلة: منتجان" })).toBeTruthy();
    });
  });

  it("stays hidden and asks nothing for someone who cannot buy", () => {
    const { container } = renderBadge([{ action: "read", subject: "Portal" }], 2);
    expect(container.innerHTML).toBe("");
    expect(calls).toEqual([]);
  });
});
