import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../web/src/i18n";
import { CLIENT_RULES, mockApi, readTestCookie, renderApp, setupI18n, signedInAs, userData } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe("languages", () => {
  it("switches to Arabic from the navbar when the settings enable the switcher: text, lang, dir and cookies", async () => {
    signedInAs("client");
    mockApi({
      me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } },
      "app-settings": { body: { siteName: "Test Portal", currency: "USD", languageSwitcher: true } },
    });
    renderApp("/pages/account-settings/account");
    fireEvent.click(await screen.findByRole("button", { name: "Language" }, { timeout: 5000 }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "العربية" })));
    await waitFor(() => expect(document.documentElement.dir).toBe("rtl"));
    expect(document.documentElement.lang).toBe("ar");
    expect(readTestCookie("language")).toBe("ar");
    expect(readTestCookie("direction")).toBe("rtl");
    // The page's own namespace follows: the account tab is now in Arabic.
    expect(await screen.findByText("بيانات الملف الشخصي")).toBeTruthy();
  });
});
