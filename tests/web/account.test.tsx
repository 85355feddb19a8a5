import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, readTestCookie, renderApp, setupI18n, signedInAs, userData } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const me = { me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } } };

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
      "two-factor-enable": { body: { message: "Two-factor authentication is on." } },
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
    expect(readTestCookie("userData")).toMatchObject({ twoFactorEnabled: true });
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
