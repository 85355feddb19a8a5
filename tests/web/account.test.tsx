import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, readTestCookie, renderApp, setupI18n, signedInAs, userData } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const me = { me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } } };
const CODES = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);

describe("account settings", () => {
  it("saves the own profile through updateuser (multipart, own id) and updates the navbar's user", async () => {
    signedInAs("client");
    const api = mockApi({
      ...me,
      updateuser: {
        body: {
          message: "The user was saved.",
          user: { ...userData("client"), userName: "Cleo Renamed", userImage: "/images/abc.png" },
          newImage: "/images/abc.png",
        },
      },
    });
    const app = renderApp("/pages/account-settings/account");
    const name = await screen.findByLabelText("Full name", {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: "Cleo Renamed" } });
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "+33 1 23 45 67 89" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The user was saved.")).toBeTruthy();
    const sent = api.calls.find((c) => c.name === "updateuser")!.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      userId: "2",
      userName: "Cleo Renamed",
      userEmail: "client@example.com",
      userPhone: "+33 1 23 45 67 89",
    });
    expect(readTestCookie("userData")).toMatchObject({ userName: "Cleo Renamed", userImage: "/images/abc.png" });
    expect(screen.getByTestId("navbar-user-name").textContent).toBe("Cleo Renamed");
    expect(app.current()).toBe("/pages/account-settings/account");
  });

  it("edits the own address: only the changed fields are sent (a blank one clears), the stored user follows", async () => {
    signedInAs("client", { userAddressLine1: "1 Old Road", userCity: "Lyon" });
    const saved = { ...userData("client"), userAddressLine1: "", userCity: "Lyon", userPostalCode: "69003" };
    const api = mockApi({
      me: {
        body: {
          userData: { ...userData("client"), userAddressLine1: "1 Old Road", userCity: "Lyon" },
          userAbilityRules: CLIENT_RULES,
        },
      },
      updateuser: { body: { message: "The user was saved.", user: saved, newImage: null } },
    });
    renderApp("/pages/account-settings/account");
    const line1 = (await screen.findByLabelText("Address line 1", {}, { timeout: 5000 })) as HTMLInputElement;
    expect(line1.value).toBe("1 Old Road");
    expect(line1.getAttribute("autocomplete")).toBe("address-line1");
    fireEvent.change(line1, { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Postal code"), { target: { value: " 69003 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The user was saved.")).toBeTruthy();
    const sent = api.calls.find((c) => c.name === "updateuser")!.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      userId: "2",
      userName: "Cleo Client",
      userEmail: "client@example.com",
      userPhone: "",
      userAddressLine1: "",
      userPostalCode: "69003",
    });
    expect(readTestCookie("userData")).toMatchObject({ userAddressLine1: "", userCity: "Lyon", userPostalCode: "69003" });
  });

  it("keeps what was typed when the save cannot reach the server, and says so where a phone shows it", async () => {
    signedInAs("client");
    mockApi({
      ...me,
      updateuser: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderApp("/pages/account-settings/account");
    const city = (await screen.findByLabelText("City", {}, { timeout: 5000 })) as HTMLInputElement;
    fireEvent.change(city, { target: { value: "Lyon" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const network = "The server could not be reached. Check your connection and try again.";
    expect((await screen.findByTestId("snackbar")).textContent).toBe(`Your profile was not saved: ${network}`);
    expect(screen.getByRole("alert").textContent).toBe(network);
    expect(city.value).toBe("Lyon");
  });

  it("previews a chosen avatar and refuses a file that is not an image", async () => {
    signedInAs("client");
    mockApi(me);
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    renderApp("/pages/account-settings/account");
    const input = await screen.findByLabelText("Upload a new photo", {}, { timeout: 5000 });
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "x.pdf", { type: "application/pdf" })] } });
    expect(screen.getByText("Choose a PNG, JPEG or WebP image.")).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], "me.png", { type: "image/png" })] } });
    await waitFor(() => expect(screen.getByTestId("avatar-preview").getAttribute("src")).toBe("blob:preview"));
  });

  it("links the billing tab only for users who can read payments", async () => {
    signedInAs("client");
    mockApi({
      me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES.filter((r) => r.subject !== "Payment") } },
    });
    renderApp("/pages/account-settings/security");
    await screen.findByRole("tab", { name: "Security" }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole("tab", { name: "Billing & plans" })).toBeNull());
  });

  it("titles the security tab and leaves no empty gap: no blank grid cell, no margin on top of the page's own spacing", async () => {
    signedInAs("client");
    mockApi({ ...me, "search-session": { body: { data: [], total: 0, page: 1, limit: 10 } } });
    renderApp("/pages/account-settings/security");
    expect(await screen.findByRole("heading", { level: 1, name: "Security" }, { timeout: 5000 })).toBeTruthy();
    const password = screen.getByLabelText("Current password").closest("form")!;
    const grid = within(password).getByLabelText("New password").closest(".grid")!;
    for (const cell of Array.from(grid.children)) expect(cell.querySelector("input")).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "Account settings" });
    expect(tabs.className).not.toMatch(/\bm[bty]?-/);
    expect(tabs.parentElement!.className).toContain("gap-6");
  });

  it("sets up two-factor with a QR code, then turns it on with a code", async () => {
    signedInAs("client");
    const api = mockApi({
      ...me,
      "two-factor-setup": {
        body: { secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/Portal:client?secret=JBSWY3DPEHPK3PXP" },
      },
      "two-factor-enable": { body: { message: "Two-factor authentication is on.", recoveryCodes: CODES } },
      "search-session": { body: { data: [], total: 0, page: 1, limit: 10 } },
    });
    renderApp("/pages/account-settings/security");
    fireEvent.click(await screen.findByRole("button", { name: "Set up two-factor authentication" }, { timeout: 5000 }));
    const qr = await screen.findByTestId("totp-qr");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Two-factor authentication is on.")).toBeTruthy();
    expect(api.calls.find((c) => c.name === "two-factor-enable")?.body).toEqual({ code: "123456" });
    expect(readTestCookie("userData")).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    // The recovery codes show once, left to right in every language, until the user says they kept them.
    const codes = within(screen.getByRole("list", { name: "Recovery codes" }));
    expect(codes.getAllByRole("listitem").map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByRole("list", { name: "Recovery codes" }).getAttribute("dir")).toBe("ltr");
    fireEvent.click(screen.getByRole("button", { name: "I have kept them" }));
    expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull();
    expect(screen.getByTestId("recovery-codes-left").textContent).toBe("10unused recovery codes left");
    expect(await screen.findByRole("button", { name: "Turn off two-factor authentication" })).toBeTruthy();
  });

  it("lists the sessions and signs another one out after confirmation", async () => {
    signedInAs("client");
    const rows = [
      {
        sessionId: 7,
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0",
        ip: "10.0.0.1",
        createdAt: "2026-01-01T10:00:00Z",
        lastSeenAt: "2026-01-02T10:00:00Z",
        rememberMe: false,
        current: true,
      },
      {
        sessionId: 9,
        userAgent: "Mozilla/5.0 (iPhone) Safari/604.1",
        ip: "10.0.0.2",
        createdAt: "2026-01-01T10:00:00Z",
        lastSeenAt: "2026-01-02T09:00:00Z",
        rememberMe: true,
        current: false,
      },
    ];
    const api = mockApi({
      ...me,
      "search-session": () => ({ body: { data: rows, total: rows.length, page: 1, limit: 10 } }),
      "revoke-session": (body) => {
        rows.splice(
          rows.findIndex((r) => r.sessionId === (body as { sessionId: number }).sessionId),
          1,
        );
        return { body: { message: "The session was signed out." } };
      },
    });
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    // Its own page size: SWR's cache (shared by the tests of this file) has no answer for this list yet.
    renderApp("/pages/account-settings/security?limit=5");
    await screen.findByText("This device", {}, { timeout: 5000 });
    expect(screen.getByText("Safari · iOS")).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: "Sign out" }).filter((b) => b.closest("td"));
    expect(buttons.length).toBe(1);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole("dialog", { hidden: true });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign out", hidden: true }));
    expect(await screen.findByText("The session was signed out.")).toBeTruthy();
    expect(api.calls.find((c) => c.name === "revoke-session")?.body).toEqual({ sessionId: 9 });
    await waitFor(() => expect(screen.queryByText("Safari · iOS")).toBeNull());
  });
});
