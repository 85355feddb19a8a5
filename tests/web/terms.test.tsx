import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, renderApp, setupI18n, userData } from "./shell-support";

// A file of its own: the app loads its settings once per page, and here they publish terms.
beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const TERMS_URL = "https://portal.test/terms";
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("registration with published terms", () => {
  it("asks to accept them, with a link, and sends acceptTerms only once ticked", async () => {
    const api = mockApi({
      "app-settings": { body: { siteName: "Edge Portal", currency: "USD", languageSwitcher: false, termsUrl: TERMS_URL } },
      register: { body: { message: "Signed in.", userData: userData("client"), userAbilityRules: CLIENT_RULES } },
    });
    renderApp("/register");
    const link = await screen.findByRole("link", { name: "terms of service" }, { timeout: 5000 });
    expect(link.getAttribute("href")).toBe(TERMS_URL);
    expect(link.getAttribute("target")).toBe("_blank");
    type("Full name", "New Person");
    type("Email", "new@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Accept the terms of service to create your account.")).toBeTruthy();
    expect(api.calls.some((c) => c.name === "register")).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of service" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.name === "register")?.body).toEqual({
        userName: "New Person",
        userEmail: "new@example.com",
        password: "long-enough-1",
        acceptTerms: true,
      }),
    );
  });

  it("asks on the review step of the multi-step registration", async () => {
    mockApi({
      "app-settings": { body: { siteName: "Edge Portal", currency: "USD", languageSwitcher: false, termsUrl: TERMS_URL } },
    });
    renderApp("/pages/authentication/register-multi-steps");
    await screen.findByLabelText("Email", {}, { timeout: 5000 });
    type("Email", "step@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    expect(screen.queryByRole("checkbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    type("Full name", "Step Person");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("checkbox", { name: "I accept the terms of service" })).toBeTruthy();
  });
});
