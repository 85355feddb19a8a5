import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, renderApp, setCookie, setupI18n, signedInAs, userData } from "./shell-support";

// Settings are fetched once per page load, so this file keeps the language switcher off throughout
// (language.test.tsx has it on).
// Two widgets a feature could export; they must show in the navbar in their order.
vi.mock("../../web/src/app/registry", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../web/src/app/registry")>();
  return {
    ...original,
    navbarWidgets: [
      { name: "first", order: 5, component: async () => ({ default: () => <span data-testid="widget">first</span> }) },
      { name: "second", order: 10, component: async () => ({ default: () => <span data-testid="widget">second</span> }) },
    ],
  };
});

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const me = { me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } } };
const settings = (languageSwitcher: boolean) => ({
  "app-settings": { body: { siteName: "Test Portal", currency: "USD", languageSwitcher } },
});

describe("the default layout", () => {
  it("shows the site name, the menu by section and the features' navbar widgets in order", async () => {
    signedInAs("client");
    mockApi({ ...me, ...settings(false) });
    renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" }, { timeout: 5000 });
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(menu.textContent).toContain("Pages");
    expect((await screen.findAllByTestId("widget")).map((w) => w.textContent)).toEqual(["first", "second"]);
  });

  it("puts the site's logo and a close button on top of the menu, for phones", async () => {
    signedInAs("client");
    mockApi({ ...me, ...settings(false) });
    renderApp("/pages/account-settings/account");
    const menu = await screen.findByRole("navigation", { name: "Main menu" }, { timeout: 5000 });
    const header = within(menu).getByTestId("menu-header");
    expect(within(header).getByRole("link", { name: "Test Portal" }).getAttribute("href")).toBe("/");
    const toggle = document.getElementById("nav-drawer") as HTMLInputElement;
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(within(header).getByRole("button", { name: "Close the menu" }));
    expect(toggle.checked).toBe(false);
  });

  it("hides the language switcher unless the settings enable it", async () => {
    signedInAs("client");
    mockApi({ ...me, ...settings(false) });
    const off = renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" }, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: "Language" })).toBeNull();
    off.unmount();
  });

  it("collapses the vertical menu from the navbar and remembers it", async () => {
    signedInAs("client");
    setCookie("nav-collapsed", false);
    mockApi({ ...me, ...settings(false) });
    renderApp("/pages/account-settings/account");
    const toggle = await screen.findByRole("button", { name: "Collapse or expand the menu" }, { timeout: 5000 });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(document.cookie).toContain("nav-collapsed=true");
  });

  it("puts the horizontal menu sticky under a sticky navbar, static, or not at all, as the preference says", async () => {
    signedInAs("client");
    setCookie("nav-type", "horizontal");
    mockApi({ ...me, ...settings(false) });
    const horizontalMenu = () =>
      screen.queryAllByRole("navigation", { name: "Main menu" }).find((nav) => nav.querySelector(".menu-horizontal"));
    const sticky = renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" }, { timeout: 5000 });
    expect(horizontalMenu()!.className).toMatch(/\bsticky\b.*\btop-16\b/);
    sticky.unmount();
    setCookie("horizontal-nav-type", "static");
    setCookie("navbar-type", "static");
    const fixed = renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" });
    expect(horizontalMenu()!.className).not.toMatch(/\bsticky\b/);
    fixed.unmount();
    setCookie("horizontal-nav-type", "hidden");
    renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" });
    expect(horizontalMenu()).toBeUndefined();
    expect(screen.getByTestId("layout").className).toContain("layout-horizontal-nav-hidden");
  });

  it("marks the layout once the window is scrolled, and below the nav breakpoint, for the navbar and menu to follow", async () => {
    signedInAs("client");
    // The viewport starts below the nav breakpoint (976 px); the test then widens it.
    const listeners = new Set<(event: { matches: boolean }) => void>();
    let narrow = true;
    vi.stubGlobal("matchMedia", (query: string) => {
      const nav = query === "(max-width: 975.98px)";
      return {
        get matches() {
          return nav && narrow;
        },
        addEventListener: (_: string, cb: (event: { matches: boolean }) => void) => nav && listeners.add(cb),
        removeEventListener: (_: string, cb: (event: { matches: boolean }) => void) => listeners.delete(cb),
      };
    });
    mockApi({ ...me, ...settings(false) });
    renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" }, { timeout: 5000 });
    const layout = screen.getByTestId("layout");
    expect(layout.className).toContain("layout-overlay-nav");
    expect(layout.className).not.toContain("window-scrolled");
    const navbar = screen.getByRole("banner");
    expect(navbar.className).toContain("group-[.window-scrolled]/layout:shadow-md");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 40, configurable: true });
      window.dispatchEvent(new Event("scroll"));
      narrow = false;
      listeners.forEach((cb) => cb({ matches: false }));
    });
    expect(layout.className).toContain("window-scrolled");
    expect(layout.className).not.toContain("layout-overlay-nav");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(layout.className).not.toContain("window-scrolled");
  });

  it("shows the scroll-to-top button after 200 px and scrolls smoothly to the top", async () => {
    signedInAs("client");
    mockApi({ ...me, ...settings(false) });
    renderApp("/pages/account-settings/account");
    await screen.findAllByRole("link", { name: "Test Portal" }, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: "Scroll to top" })).toBeNull();
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 250, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    fireEvent.click(await screen.findByRole("button", { name: "Scroll to top" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  });
});
