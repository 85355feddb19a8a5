import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_RULES, mockApi, renderApp, setupI18n, userData } from "./shell-support";

/**
 * Issue 28: with Cloudflare Turnstile on, register and forgot-password show its widget and send its
 * token; sign-in shows it once the server asks (`turnstile_required`), then sends the token.
 */

beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });
// Unmounted before the stub goes, so no widget looks for Turnstile's real script afterwards.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS = {
  body: { siteName: "Edge Portal", currency: "USD", languageSwitcher: false, turnstileSiteKey: "1x00000000000000000000AA" },
};

/** Turnstile's widget API as a stub: each widget passes at once with a numbered token. */
function stubTurnstile() {
  const rendered: { sitekey: string }[] = [];
  let issued = 0;
  vi.stubGlobal("turnstile", {
    render(_element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) {
      rendered.push({ sitekey: options.sitekey });
      issued += 1;
      const token = `token-${issued}`;
      queueMicrotask(() => options.callback(token));
      return `widget-${issued}`;
    },
    remove: vi.fn(),
  });
  return rendered;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("Turnstile on the sign-in forms", () => {
  it("shows the widget on register and sends its token", async () => {
    const rendered = stubTurnstile();
    const answer = { message: "Welcome.", userData: userData("client"), userAbilityRules: [] };
    const api = mockApi({ "app-settings": SETTINGS, register: { body: answer }, me: { body: answer } });
    renderApp("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    await waitFor(() => expect(rendered).toEqual([{ sitekey: "1x00000000000000000000AA" }]));
    expect(screen.getByRole("group", { name: "Confirm you are a person" })).toBeTruthy();
    type("Full name", "New Person");
    type("Email", "new@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(api.calls.find((c) => c.name === "register")?.body).toMatchObject({ turnstileToken: "token-1" }));
  });

  it("asks for the check on sign-in only when the server wants it, then sends a fresh token", async () => {
    const rendered = stubTurnstile();
    const answer = { message: "Signed in.", userData: userData("admin"), userAbilityRules: ADMIN_RULES };
    let tries = 0;
    const api = mockApi({
      "app-settings": SETTINGS,
      me: { body: answer },
      login: () => {
        tries += 1;
        return tries === 1
          ? {
              status: 400,
              body: {
                error: "Please confirm you are a person, then try again.",
                code: "turnstile_required",
                field: "turnstileToken",
              },
            }
          : { body: answer };
      },
    });
    renderApp("/login");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.queryByRole("group", { name: "Confirm you are a person" })).toBeNull();
    type("Email", "admin@example.com");
    type("Password", "the-right-one");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please confirm you are a person, then try again.")).toBeTruthy();
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(api.calls.filter((c) => c.name === "login")[0]!.body).not.toHaveProperty("turnstileToken");
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign in" })).toHaveProperty("disabled", false));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(api.calls.filter((c) => c.name === "login")).toHaveLength(2));
    expect(api.calls.filter((c) => c.name === "login")[1]!.body).toMatchObject({ turnstileToken: "token-1" });
    // Signed in, the admin lands on the CRM dashboard: its chunk is loaded within the test, not after it.
    expect(await screen.findByRole("heading", { level: 1, name: "Business overview" })).toBeTruthy();
  });
});
