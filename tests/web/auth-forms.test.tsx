import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_RULES, mockApi, readTestCookie, renderApp, setupI18n, userData } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("sign-in forms", () => {
  it("validates as the user types, before any submit", async () => {
    mockApi();
    renderApp("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    type("Email", "not-an-email");
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    type("Email", "ok@example.com");
    await waitFor(() => expect(screen.queryByText("Enter a valid email address.")).toBeNull());
    type("Password", "short");
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    type("Confirm password", "other");
    expect(screen.getByText("The passwords do not match.")).toBeTruthy();
  });

  it("shows the server's error text under the field it names, and sends nothing while invalid", async () => {
    const api = mockApi({
      register: {
        status: 409,
        body: { error: "An account with this email already exists.", code: "email_taken", field: "userEmail" },
      },
    });
    renderApp("/register");
    await screen.findByRole("heading", { name: "Create your account" });
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText('The field "Full name" is required.')).toBeTruthy();
    expect(api.calls.some((c) => c.name === "register")).toBe(false);
    type("Full name", "New Person");
    type("Email", "taken@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    const error = await screen.findByText("An account with this email already exists.");
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBe(error.id);
    expect(api.calls.find((c) => c.name === "register")?.body).toEqual({
      userName: "New Person",
      userEmail: "taken@example.com",
      password: "long-enough-1",
    });
  });

  it("links a visitor of the sign-in page to the public pricing and help pages", async () => {
    mockApi();
    renderApp("/login");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/front-pages/pricing");
    expect(screen.getByRole("link", { name: "Help center" }).getAttribute("href")).toBe("/front-pages/help-center");
  });

  it("disables submit while sending, then signs in and returns to `to`", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = { message: "Signed in.", userData: userData("admin"), userAbilityRules: ADMIN_RULES };
    mockApi({
      me: { body: answer },
      login: async () => {
        await gate;
        return { body: answer };
      },
    });
    const app = renderApp("/login?to=%2Fpages%2Faccount-settings%2Fsecurity");
    await screen.findByRole("heading", { name: "Welcome back" });
    type("Email", "admin@example.com");
    type("Password", "whatever-it-is");
    const submit = screen.getByRole("button", { name: "Sign in" });
    fireEvent.click(submit);
    await waitFor(() => expect(submit).toHaveProperty("disabled", true));
    release();
    await waitFor(() => expect(app.current()).toBe("/pages/account-settings/security"));
    expect(readTestCookie("userData")).toMatchObject({ userEmail: "admin@example.com" });
  });

  it("goes to two-steps with the challenge and `to` when TOTP is on", async () => {
    mockApi({ login: { body: { twoFactorRequired: true, challenge: "abc123" } } });
    const app = renderApp("/pages/authentication/login-v2?to=%2Fportal%2Fquota");
    await screen.findByRole("heading", { name: "Welcome back" });
    type("Email", "client@example.com");
    type("Password", "whatever-it-is");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(app.current()).toBe("/pages/authentication/two-steps-v2?to=%2Fportal%2Fquota&challenge=abc123"));
    await screen.findByRole("heading", { name: "Two-step verification" });
  });

  it("asks to check the mail when verify-email has no token, and confirms with one", async () => {
    const api = mockApi({ "verify-email": { body: { message: "Your email address is confirmed." } } });
    const withToken = renderApp("/pages/authentication/verify-email-v1?token=tok-1");
    expect(await screen.findByText("Your email address is confirmed.")).toBeTruthy();
    expect(api.calls.filter((c) => c.name === "verify-email")).toEqual([{ name: "verify-email", body: { token: "tok-1" } }]);
    withToken.unmount();
    renderApp("/pages/authentication/verify-email-v2");
    expect(await screen.findByText("Open the link in the mail we sent you, or sign in to send a new one.")).toBeTruthy();
  });
});
