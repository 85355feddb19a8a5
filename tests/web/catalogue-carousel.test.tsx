import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import CatalogueCarousel from "../../web/src/features/front/components/CatalogueCarousel";
import en from "../../web/src/features/front/locales/en.json";
import SwiperPage from "../../web/src/features/front/pages/SwiperPage";
import { PreferencesProvider } from "../../web/src/providers/preferences";
import { mockApi, ok, renderRoutes, setupPageTests, signIn } from "./page-support";

setupPageTests({ front: en });
vi.setConfig({ testTimeout: 15_000 });

const CATALOGUE = {
  currency: "USD",
  bundles: [{ bundleId: 3, bundlePoin: 100, bundlePrice: 900, bundleDisc: 10, bundleName: "", bundleDesc: "" }],
  items: [{ itemId: 7, itemName: "Pro month", itemDesc: "", itemPrice: 1500, itemDuration: 30, itemImage: null }],
};

describe("the catalogue carousel", () => {
  it("is /extensions/swiper, with the slides icon in the pages section", () => {
    expect(appRoutes.find((route) => route.path === "/extensions/swiper")?.ns).toBe("front");
    expect(navItems.find((item) => item.to === "/extensions/swiper")).toMatchObject({ section: "pages", icon: "slides" });
  });

  it("shows every bundle and item as a slide that links to its checkout, with previous and next", () => {
    render(
      <PreferencesProvider>
        <CatalogueCarousel catalogue={CATALOGUE as never} />
      </PreferencesProvider>,
    );
    const slides = screen.getAllByRole("listitem");
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 2", "2 of 2"]);
    expect(screen.getByRole("heading", { name: "Pro month" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Pro month/ }).getAttribute("href")).toBe("/front-pages/checkout?kind=item&refId=7");
    expect(screen.getByRole("button", { name: en.carousel.previous })).toBeTruthy();
    expect(screen.getByRole("button", { name: en.carousel.next })).toBeTruthy();
    // The arrow keys are the carousel's own while it has the focus (the page does not scroll sideways).
    const viewport = screen.getByLabelText(en.carousel.keys);
    expect(fireEvent.keyDown(viewport, { key: "ArrowRight" })).toBe(false);
    expect(fireEvent.keyDown(viewport, { key: "Tab" })).toBe(true);
  });

  it("runs right to left in a right-to-left page", () => {
    document.cookie = `direction=${encodeURIComponent(JSON.stringify("rtl"))}; path=/`;
    try {
      render(
        <PreferencesProvider>
          <CatalogueCarousel catalogue={CATALOGUE as never} />
        </PreferencesProvider>,
      );
      expect(screen.getByLabelText(en.carousel.keys).getAttribute("dir")).toBe("rtl");
    } finally {
      document.cookie = "direction=; path=/; max-age=0";
    }
  });

  it("says so when nothing is on sale", () => {
    render(
      <PreferencesProvider>
        <CatalogueCarousel catalogue={{ currency: "USD", bundles: [], items: [] }} />
      </PreferencesProvider>,
    );
    expect(screen.getByText(en.carousel.empty)).toBeTruthy();
  });

  it("loads the catalogue on /extensions/swiper", async () => {
    signIn("client", [{ action: "read", subject: "Portal" }]);
    mockApi({ "public-catalogue": ok(CATALOGUE) });
    renderRoutes("/extensions/swiper", [
      [
        "/extensions/swiper",
        () => (
          <PreferencesProvider>
            <SwiperPage />
          </PreferencesProvider>
        ),
      ],
    ]);
    expect(screen.getByRole("heading", { name: en.carousel.title })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Pro month" }, { timeout: 8000 })).toBeTruthy();
  });
});
