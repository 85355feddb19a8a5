import { render, screen } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import CartBadge from "../../web/src/features/cart/components/CartBadge";
import * as cart from "../../web/src/features/cart";
import ar from "../../web/src/features/cart/locales/ar.json";
import en from "../../web/src/features/cart/locales/en.json";
import fr from "../../web/src/features/cart/locales/fr.json";
import common from "../../web/src/i18n/locales/en.json";

const fetched: string[] = [];

function renderBadge(rules: unknown[], count: number) {
  fetched.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ carts: [], amounts: { count, total: 0, subtotal: 0, currency: "USD" } }), {
        status: 200,
      });
    }),
  );
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
  const location = memoryLocation({ path: "/portal/dashboard" });
  return render(
    <Router hook={location.hook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <CartBadge />
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
    resources: { en: { common, cart: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => vi.unstubAllGlobals());

const BUYER = [
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart", conditions: { userId: 7 } },
];

describe("cart badge", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
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
    expect(fetched).toEqual(["/api/searchcart"]);
  });

  it("shows no count for an empty cart", async () => {
    renderBadge(BUYER, 0);
    await screen.findByRole("link", { name: "Cart: 0 products" });
    expect(screen.queryByTestId("cart-count")).toBeNull();
  });

  it("stays hidden and asks nothing for someone who cannot buy", () => {
    const { container } = renderBadge([{ action: "read", subject: "Portal" }], 2);
    expect(container.innerHTML).toBe("");
    expect(fetched).toEqual([]);
  });
});
