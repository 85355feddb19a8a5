import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, renderApp, setupI18n, signedInAs, userData } from "./shell-support";

const webauthn = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock("@simplewebauthn/browser", () => webauthn);

beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const me = { me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } } };
const REGISTRATION = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: {} };
const ASSERTION = { id: "cred", rawId: "cred", type: "public-key", clientExtensionResults: {}, response: {} };

describe("passkeys", () => {
  it("adds a named passkey after the password, lists it, and removes it after confirmation", async () => {
    signedInAs("client");
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    const rows: { passkeyId: number; passkeyName: string; createdAt: string; lastUsedAt: string | null }[] = [];
    const api = mockApi({
      ...me,
      "search-passkey": () => ({ body: { data: rows, total: rows.length, page: 1, limit: 10 } }),
      "passkey-register-options": { body: { options: { challenge: "c1" } } },
      "passkey-register": (body) => {
        rows.push({
          passkeyId: 4,
          passkeyName: (body as { passkeyName: string }).passkeyName,
          createdAt: "2026-01-01T10:00:00Z",
          lastUsedAt: null,
        });
        return { body: { message: "The passkey was added." } };
      },
      "delete-passkey": () => {
        rows.splice(0, 1);
        return { body: { message: "The passkey was removed." } };
      },
    });
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    renderApp("/pages/account-settings/security");
    await screen.findByText("No passkey yet.", {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText("Passkey name"), { target: { value: "Laptop" } });
    const passwords = screen.getAllByLabelText("Current password");
    fireEvent.change(passwords[passwords.length - 1]!, { target: { value: "secret-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByText("The passkey was added.")).toBeTruthy();
    expect(api.calls.find((c) => c.name === "passkey-register-options")?.body).toEqual({ password: "secret-pass" });
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: "c1" } });
    expect(api.calls.find((c) => c.name === "passkey-register")?.body).toEqual({ passkeyName: "Laptop", response: REGISTRATION });
    const cell = await screen.findByText("Laptop");
    expect(screen.getAllByText("Never").length).toBeGreaterThan(0);

    fireEvent.click(within(cell.closest("tr") ?? cell.closest("li") ?? document.body).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText("Remove this passkey?", { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove", hidden: true }));
    expect(await screen.findByText("The passkey was removed.")).toBeTruthy();
    expect(api.calls.find((c) => c.name === "delete-passkey")?.body).toEqual({ passkeyId: 4 });
    await waitFor(() => expect(screen.queryByText("Laptop")).toBeNull());
  });

  it("signs in with a passkey from /login, with remember-me as ticked, and offers autofill in the email field", async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const answer = { message: "Signed in.", userData: userData("client"), userAbilityRules: CLIENT_RULES };
    const api = mockApi({
      "passkey-login-options": { body: { options: { challenge: "c2" } } },
      "passkey-login": { body: answer },
      me: { body: answer },
    });
    const app = renderApp("/login?to=%2Fpages%2Faccount-settings%2Fsecurity");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByLabelText("Email").getAttribute("autocomplete")).toBe("username webauthn");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(await screen.findByRole("button", { name: "Use a passkey" }));
    await waitFor(() => expect(app.current()).toBe("/pages/account-settings/security"));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c2" }, useBrowserAutofill: false });
    expect(api.calls.find((c) => c.name === "passkey-login")?.body).toEqual({ response: ASSERTION, rememberMe: true });
  });

  it("says nothing when the browser's passkey autofill gives up, and the password form still works alone", async () => {
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValueOnce(true);
    webauthn.startAuthentication.mockRejectedValueOnce(Object.assign(new Error("The form was sent"), { name: "UnknownError" }));
    const api = mockApi({ "passkey-login-options": { body: { options: { challenge: "c5" } } } });
    renderApp("/login");
    await screen.findByRole("button", { name: "Use a passkey" }, { timeout: 5000 });
    await waitFor(() =>
      expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c5" }, useBrowserAutofill: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.calls.some((c) => c.name === "passkey-login")).toBe(false);
  });

  it("shows the server's refusal of a passkey on the login page", async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    mockApi({
      "passkey-login-options": { body: { options: { challenge: "c3" } } },
      "passkey-login": { status: 401, body: { error: "This passkey was not accepted.", code: "passkey_refused" } },
    });
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Use a passkey" }, { timeout: 5000 }));
    expect(await screen.findByText("This passkey was not accepted.")).toBeTruthy();
  });

  it("confirms a two-factor sign-in with a passkey instead of the code", async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const answer = { message: "Signed in.", userData: userData("client"), userAbilityRules: CLIENT_RULES };
    const api = mockApi({
      "two-steps-passkey-options": { body: { options: { challenge: "c4" } } },
      "two-steps-passkey": { body: answer },
      me: { body: answer },
    });
    const app = renderApp("/pages/authentication/two-steps-v2?to=%2Fpages%2Faccount-settings%2Fsecurity&challenge=abc123");
    fireEvent.click(await screen.findByRole("button", { name: "Use a passkey instead" }, { timeout: 5000 }));
    await waitFor(() => expect(app.current()).toBe("/pages/account-settings/security"));
    expect(api.calls.find((c) => c.name === "two-steps-passkey-options")?.body).toEqual({ challenge: "abc123" });
    expect(api.calls.find((c) => c.name === "two-steps-passkey")?.body).toEqual({ challenge: "abc123", response: ASSERTION });
  });
});
