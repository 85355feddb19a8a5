import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_RULES, mockApi, readTestCookie, renderApp, setupI18n, signedInAs, userData } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from({ length: 10 }, (_, n) => `new${n}a-b${n}cde`);
const sessions = { "search-session": { body: { data: [], total: 0, page: 1, limit: 10 } } };
const withTwoFactor = (left: number) => ({ ...userData("client"), twoFactorEnabled: true, recoveryCodesLeft: left });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Records the files the page saves through a temporary link: each Blob and the link's file name. */
function recordDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: (blob: Blob) => ((last = blob), "blob:saved"), revokeObjectURL: () => undefined }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: last!, name: this.download });
  });
  afterEach(() => click.mockRestore());
  return saved;
}

describe("recovery codes on the security tab", () => {
  it("shows how many are left and makes a new set with the password, shown once with download and print", async () => {
    signedInAs("client", { twoFactorEnabled: true, recoveryCodesLeft: 2 });
    const saved = recordDownloads();
    const api = mockApi({
      me: { body: { userData: withTwoFactor(2), userAbilityRules: CLIENT_RULES } },
      ...sessions,
      "two-factor-recovery-codes": (body) =>
        (body as { password: string }).password === "right-password"
          ? { body: { message: "New recovery codes are ready. The previous ones no longer work.", recoveryCodes: CODES } }
          : { status: 400, body: { error: "The password is not right.", code: "wrong_password", field: "password" } },
    });
    renderApp("/pages/account-settings/security");
    const left = await screen.findByTestId("recovery-codes-left", {}, { timeout: 5000 });
    expect(left.textContent).toBe("2unused recovery codes left");
    expect(within(left).getByText("2").className).toContain("badge-warning");

    fireEvent.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    expect(await screen.findByText('The field "Your password, to make new codes" is required.')).toBeTruthy();
    expect(api.calls.some((c) => c.name === "two-factor-recovery-codes")).toBe(false);
    type("Your password, to make new codes", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    // A wrong password is named as such, not as a field that is "not valid".
    expect(await screen.findByText("The password is not right.")).toBeTruthy();
    expect(screen.queryByText('The field "Your password, to make new codes" is not valid.')).toBeNull();

    type("Your password, to make new codes", "right-password");
    fireEvent.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    const list = await screen.findByRole("list", { name: "Recovery codes" }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(readTestCookie("userData")).toMatchObject({ recoveryCodesLeft: 10 });

    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(saved.map((s) => s.name)).toEqual(["recovery-codes.txt"]);
    const text = await saved[0]!.blob.text();
    for (const code of CODES) expect(text).toContain(code);

    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    // The codes alone go to the printer, from a frame of their own that prints once it has loaded.
    const frame = document.querySelector<HTMLIFrameElement>("iframe[aria-hidden='true']")!;
    const print = vi.fn();
    Object.assign(frame.contentWindow!, { print });
    for (const code of CODES) expect(frame.srcdoc).toContain(code);
    await waitFor(() => expect(print).toHaveBeenCalledOnce());

    fireEvent.click(screen.getByRole("button", { name: "I have kept them" }));
    expect((await screen.findByTestId("recovery-codes-left")).textContent).toBe("10unused recovery codes left");
  });

  it("warns when no code is left", async () => {
    signedInAs("client", { twoFactorEnabled: true, recoveryCodesLeft: 0 });
    mockApi({ me: { body: { userData: withTwoFactor(0), userAbilityRules: CLIENT_RULES } }, ...sessions });
    renderApp("/pages/account-settings/security");
    expect(await screen.findByText(/You have no recovery codes left/, {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe("two-step sign-in with a recovery code", () => {
  it("switches to a recovery code, sends it in place of the app's code, and shows a refusal under it", async () => {
    let tries = 0;
    const api = mockApi({
      "two-steps": () =>
        ++tries === 1
          ? {
              status: 401,
              body: {
                error: "This recovery code is not valid or was already used.",
                code: "wrong_recovery_code",
                field: "recoveryCode",
              },
            }
          : { body: { message: "Signed in.", userData: userData("client"), userAbilityRules: CLIENT_RULES } },
    });
    const app = renderApp("/pages/authentication/two-steps-v1?challenge=abc");
    fireEvent.click(await screen.findByRole("button", { name: "Lost your phone? Use a recovery code" }, { timeout: 5000 }));
    expect(screen.queryByLabelText("Code")).toBeNull();
    type("Recovery code", " abcde-fghjk ");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("This recovery code is not valid or was already used.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(app.current()).toBe("/access-control"));
    expect(api.calls.filter((c) => c.name === "two-steps").map((c) => c.body)).toEqual([
      { challenge: "abc", recoveryCode: "abcde-fghjk" },
      { challenge: "abc", recoveryCode: "abcde-fghjk" },
    ]);
  });
});

describe("your data and closing the account", () => {
  it("downloads the export as a JSON file, and says so when it fails", async () => {
    signedInAs("client");
    const saved = recordDownloads();
    let fail = true;
    const exported = { exportedAt: "2026-11-27T10:00:00.000Z", site: "Edge Portal", profile: { userName: "Cleo Client" } };
    mockApi({
      me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } },
      "export-my-data": () =>
        fail
          ? { status: 500, body: { error: "Something went wrong. Please try again.", code: "internal_error" } }
          : { body: exported },
    });
    renderApp("/pages/account-settings/account");
    const button = await screen.findByRole("button", { name: "Download my data" }, { timeout: 5000 });
    fireEvent.click(button);
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(saved).toEqual([]);
    fail = false;
    fireEvent.click(button);
    expect(await screen.findByText("Your data was downloaded.")).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(["my-data-2026-11-27.json"]);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(exported);
    expect(screen.queryByText("Something went wrong. Please try again.")).toBeNull();
  });

  it("closes the account only when ticked and with the password, then leaves for the sign-in page", async () => {
    signedInAs("client");
    let answer: { status: number; body: object } = {
      status: 409,
      body: {
        error: "You are the last active admin: make another user an admin before closing your account.",
        code: "last_admin",
      },
    };
    const api = mockApi({
      me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } },
      "close-account": () => answer,
    });
    const app = renderApp("/pages/account-settings/account");
    const close = await screen.findByRole("button", { name: "Close my account" }, { timeout: 5000 });
    fireEvent.click(close);
    expect(await screen.findByText("Tick the box to confirm you want to close your account.")).toBeTruthy();
    expect(screen.getByText('The field "Your password, to close the account" is required.')).toBeTruthy();
    expect(api.calls.some((c) => c.name === "close-account")).toBe(false);

    fireEvent.click(screen.getByLabelText("I understand that my account and its data will be erased"));
    type("Your password, to close the account", "my-password");
    fireEvent.click(close);
    expect(await screen.findByText(/You are the last active admin/)).toBeTruthy();
    expect(app.current()).toBe("/pages/account-settings/account");

    answer = { status: 200, body: { message: "Your account is closed and your personal data erased." } };
    fireEvent.click(close);
    await waitFor(() => expect(app.current()).toBe("/login"));
    expect(await screen.findByText("Your account is closed and your personal data erased.")).toBeTruthy();
    expect(readTestCookie("userData")).toBeUndefined();
    expect(api.calls.filter((c) => c.name === "close-account").map((c) => c.body)).toEqual([
      { password: "my-password" },
      { password: "my-password" },
    ]);
    expect(api.calls.some((c) => c.name === "logout")).toBe(false);
  });
});
