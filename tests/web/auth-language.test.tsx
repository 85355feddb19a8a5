import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../web/src/i18n";
import { mockApi, readTestCookie, renderApp, setupI18n } from "./shell-support";

// Settings are fetched once per page load, so this file keeps the language switcher on throughout.
beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
  document.documentElement.dir = "ltr";
});

const SETTINGS = { "app-settings": { body: { siteName: "Test Portal", currency: "USD", languageSwitcher: true } } };

describe("the language switcher on the sign-in pages", () => {
  it("is on the sign-in card (no navbar there) and switches the page to Arabic, right to left", async () => {
    mockApi(SETTINGS);
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Language" }, { timeout: 5000 }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "العربية" })));
    await waitFor(() => expect(document.documentElement.dir).toBe("rtl"));
    expect(document.documentElement.lang).toBe("ar");
    expect(readTestCookie("language")).toBe("ar");
  });

  it("is on the split-screen (v2) sign-in pages too", async () => {
    mockApi(SETTINGS);
    renderApp("/pages/authentication/login-v2");
    expect(await screen.findByRole("button", { name: "Language" }, { timeout: 5000 })).toBeTruthy();
  });
});
