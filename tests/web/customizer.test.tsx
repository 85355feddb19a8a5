import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { effectivePreferences, PreferencesProvider, readPreferences } from "../../web/src/providers/preferences";
import { DEFAULT_PREFERENCES } from "../../web/src/providers/config";
import { Customizer } from "../../web/src/app/layouts/Customizer";
import { readTestCookie, setCookie, setupI18n } from "./shell-support";

beforeAll(setupI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute("data-theme");
  document.documentElement.dir = "ltr";
});

function renderCustomizer() {
  return render(
    <PreferencesProvider>
      <Customizer open onClose={() => undefined} />
    </PreferencesProvider>,
  );
}

/** A device colour scheme the test can flip, like the browser's matchMedia. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, cb: (event: { matches: boolean }) => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: (event: { matches: boolean }) => void) => listeners.delete(cb),
  };
  vi.stubGlobal("matchMedia", () => query);
  return (next: boolean) => {
    dark = next;
    listeners.forEach((cb) => cb({ matches: next }));
  };
}

describe("the customizer", () => {
  it("saves the theme and skin in their cookies and applies the daisyUI theme on <html>", () => {
    renderCustomizer();
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    fireEvent.click(screen.getByRole("radio", { name: "Dark" }));
    expect(readTestCookie("theme")).toBe("dark");
    expect(readTestCookie("color-scheme")).toBe("dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    fireEvent.click(screen.getByRole("radio", { name: "Bordered" }));
    expect(readTestCookie("skin")).toBe("bordered");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark-bordered");
  });

  it("saves every layout choice in its cookie", () => {
    renderCustomizer();
    fireEvent.click(screen.getByRole("radio", { name: "Horizontal" }));
    fireEvent.click(screen.getByRole("radio", { name: "Fluid" }));
    fireEvent.click(within("Navbar", "Static"));
    fireEvent.click(within("Footer", "Hidden"));
    fireEvent.click(screen.getByRole("checkbox", { name: "Navbar blur" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Collapsed menu" }));
    expect(readTestCookie("nav-type")).toBe("horizontal");
    expect(readTestCookie("content-width")).toBe("fluid");
    expect(readTestCookie("navbar-type")).toBe("static");
    expect(readTestCookie("footer-type")).toBe("hidden");
    expect(readTestCookie("navbar-blur")).toBe(false);
    expect(readTestCookie("nav-collapsed")).toBe(true);
    expect(readPreferences()).toMatchObject({ "nav-type": "horizontal", "footer-type": "hidden", "navbar-blur": false });
  });

  it("offers the horizontal menu's sticky, static or hidden setting with the horizontal layout, and saves it", () => {
    renderCustomizer();
    expect(screen.queryByRole("group", { name: "Horizontal menu" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Horizontal" }));
    expect(within("Horizontal menu", "Sticky").checked).toBe(true);
    fireEvent.click(within("Horizontal menu", "Hidden"));
    expect(readTestCookie("horizontal-nav-type")).toBe("hidden");
    expect(readPreferences()["horizontal-nav-type"]).toBe("hidden");
    fireEvent.click(within("Horizontal menu", "Static"));
    expect(readTestCookie("horizontal-nav-type")).toBe("static");
    setCookie("horizontal-nav-type", "floating");
    expect(readPreferences()["horizontal-nav-type"]).toBe("sticky");
  });

  it("switches the direction on <html> and in its cookie, whatever the language", () => {
    renderCustomizer();
    fireEvent.click(screen.getByRole("radio", { name: "Right to left" }));
    expect(document.documentElement.dir).toBe("rtl");
    expect(readTestCookie("direction")).toBe("rtl");
    fireEvent.click(screen.getByRole("radio", { name: "Left to right" }));
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("resets every preference to the defaults", () => {
    setCookie("theme", "dark");
    setCookie("nav-type", "horizontal");
    renderCustomizer();
    expect(screen.getByRole("radio", { name: "Dark" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("button", { name: "Reset to defaults" }));
    // The specification's site settings (sections 4 and 9): the theme is light by default.
    expect(readTestCookie("theme")).toBe("light");
    expect(readTestCookie("nav-type")).toBe("vertical");
    expect(screen.getByRole("radio", { name: "Light" })).toHaveProperty("checked", true);
  });

  it("is light by default, even on a device that prefers dark", () => {
    expect(DEFAULT_PREFERENCES.theme).toBe("light");
    fakeDevice(true);
    renderCustomizer();
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
  });

  it("follows the device live when the theme is system", () => {
    const flip = fakeDevice(true);
    renderCustomizer();
    fireEvent.click(screen.getByRole("radio", { name: "System" }));
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    act(() => flip(false));
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    expect(readTestCookie("color-scheme")).toBe("light");
  });

  it("ignores a tampered cookie and keeps the default", () => {
    setCookie("theme", "neon");
    setCookie("footer-type", 42);
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});

describe("layout rules", () => {
  it("horizontal navigation forces a hidden navbar to sticky and un-collapses the vertical nav", () => {
    const stored = {
      ...DEFAULT_PREFERENCES,
      "nav-type": "horizontal" as const,
      "navbar-type": "hidden" as const,
      "nav-collapsed": true,
    };
    expect(effectivePreferences(stored)).toMatchObject({ "navbar-type": "sticky", "nav-collapsed": false });
    const vertical = { ...stored, "nav-type": "vertical" as const };
    expect(effectivePreferences(vertical)).toMatchObject({ "navbar-type": "hidden", "nav-collapsed": true });
  });
});

function within(legend: string, option: string) {
  const group = screen.getByRole("group", { name: legend });
  const radio = Array.from(group.querySelectorAll("label")).find((label) => label.textContent === option);
  if (!radio) throw new Error(`no ${option} in ${legend}`);
  return radio.querySelector("input")!;
}

describe("reading the preferences", () => {
  it("asks the browser for its cookies once, not once per preference", () => {
    setCookie("nav-type", "horizontal");
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, "cookie")) owner = Object.getPrototypeOf(owner) as object | null;
    const cookie = Object.getOwnPropertyDescriptor(owner!, "cookie")!;
    let reads = 0;
    vi.spyOn(document, "cookie", "get").mockImplementation(function (this: Document) {
      reads += 1;
      return cookie.get!.call(this) as string;
    });
    expect(readPreferences()["nav-type"]).toBe("horizontal");
    expect(reads).toBe(1);
  });
});
