import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import en from "../../web/src/features/profile/locales/en.json";
import ProfilePage from "../../web/src/features/profile/pages/ProfilePage";
import common from "../../web/src/i18n/locales/en.json";
import { calls, fail, listOf, mockApi, ok, readTestCookie, renderAt, setupPageTests, signIn } from "./page-support";

const ME = {
  userId: 7,
  userName: "Claire Client",
  userEmail: "claire@example.test",
  userPhone: "",
  userImage: null,
  userRole: "client",
  role: "client",
  userIsActive: true,
  userQuota: 120,
  userPlan: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const CLIENT_RULES = [
  { action: "read", subject: "Profile" },
  { action: "update", subject: "Profile" },
  { action: "create", subject: "Payment" },
];
const signInAsClient = () => signIn({ userId: 7, userName: "Claire Client", role: "client" }, CLIENT_RULES);

setupPageTests({ profile: en });

describe("profile", () => {
  it("edits the user's own info without role, status or quota, and updates the stored name at once", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      updateuser: ok({ message: "User updated successfully!", user: { ...ME, userName: "Claire C." }, newImage: null }),
    });
    renderAt("/portal/profile", ProfilePage);
    expect(await screen.findByRole("heading", { name: "Claire Client" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.editInfo }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.name), { target: { value: "Claire C." } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("User updated successfully!")).toBeTruthy();
    const sent = calls.find((c) => c.name === "updateuser")!.body;
    expect(sent).toMatchObject({ userId: "7", userName: "Claire C.", userEmail: "claire@example.test" });
    for (const field of ["userRole", "userIsActive", "userQuota", "userPW"]) expect(sent).not.toHaveProperty(field);
    expect(readTestCookie("userData")).toMatchObject({ userName: "Claire C." });
  });

  it("shows the save failure with the spec's prefix and the server's text", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      updateuser: fail(409, "An account with this email already exists."),
    });
    renderAt("/portal/profile", ProfilePage);
    fireEvent.click(await screen.findByRole("button", { name: en.editInfo }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Failed to save user: An account with this email already exists.")).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe("An account with this email already exists.");
  });

  it("upgrades: lists active items and bundles, confirms, starts a checkout and goes to the payment page", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      searchitem: listOf([{ itemId: 21, itemName: "Pro plan", itemDesc: "", itemPrice: 2490, itemDuration: 90 }]),
      searchbundle: listOf([{ bundleId: 11, bundlePoin: 50, bundlePrice: 500, bundleDisc: 0 }]),
      checkout: ok({ message: "Payment created.", referenceId: "ref_abcdefghijklmnopqrstuv", amount: 2490 }),
    });
    const location = renderAt("/pages/user-profile/plan", ProfilePage, "/pages/user-profile/:tab");
    fireEvent.click(await screen.findByRole("button", { name: en.upgrade }));
    const upgrade = await screen.findByRole("dialog", { name: en.upgrade });
    expect(await within(upgrade).findByText("Pro plan")).toBeTruthy();
    expect(within(upgrade).getByText("50 points")).toBeTruthy();
    expect(calls.find((c) => c.name === "searchitem")!.body).toMatchObject({ isActive: true });
    fireEvent.click(within(upgrade).getAllByRole("button", { name: en.choose })[0]!);
    const confirm = await screen.findByRole("dialog", { name: en.confirmTitle });
    expect(calls.some((c) => c.name === "checkout")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: en.confirmBuy }));
    await vi.waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_abcdefghijklmnopqrstuv"));
    expect(calls.find((c) => c.name === "checkout")!.body).toEqual({ kind: "item", refId: 21 });
  });

  it("upgrade dialog: takes the focus, and Escape or Close gives it back to the Upgrade button", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      searchitem: listOf([{ itemId: 21, itemName: "Pro plan", itemDesc: "", itemPrice: 2490, itemDuration: 90 }]),
      searchbundle: listOf([]),
    });
    renderAt("/pages/user-profile/plan", ProfilePage, "/pages/user-profile/:tab");
    const opener = await screen.findByRole("button", { name: en.upgrade });
    opener.focus();
    fireEvent.click(opener);
    const upgrade = await screen.findByRole("dialog", { name: en.upgrade });
    expect(upgrade.contains(document.activeElement)).toBe(true);
    await within(upgrade).findByText("Pro plan");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: en.upgrade })).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    const again = await screen.findByRole("dialog", { name: en.upgrade });
    fireEvent.click(within(again).getByRole("button", { name: en.close }));
    expect(screen.queryByRole("dialog", { name: en.upgrade })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("says why a purchase could not start and gives the keyboard back to Upgrade", async () => {
    signInAsClient();
    let drop: () => void = () => undefined;
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      searchitem: listOf([{ itemId: 21, itemName: "Pro plan", itemDesc: "", itemPrice: 2490, itemDuration: 90 }]),
      searchbundle: listOf([]),
    });
    const answered = globalThis.fetch;
    vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
      url === "/api/checkout"
        ? new Promise<never>((_, reject) => (drop = () => reject(new TypeError("Failed to fetch"))))
        : answered(url, init),
    );
    renderAt("/pages/user-profile/plan", ProfilePage, "/pages/user-profile/:tab");
    const opener = (await screen.findByRole("button", { name: en.upgrade })) as HTMLButtonElement;
    opener.focus();
    fireEvent.click(opener);
    const upgrade = await screen.findByRole("dialog", { name: en.upgrade });
    fireEvent.click(await within(upgrade).findByRole("button", { name: en.choose }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: en.confirmTitle })).getByRole("button", { name: en.confirmBuy }),
    );
    await vi.waitFor(() => expect(opener.disabled).toBe(true));
    // Browsers move the focus off a button once it is disabled, to the page.
    document.body.tabIndex = -1;
    document.body.focus();
    drop();
    expect((await screen.findByTestId("snackbar")).textContent).toBe(en.checkoutFailed + common.networkError);
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    document.body.removeAttribute("tabindex");
  });

  it("shows an error state when the profile cannot load", async () => {
    signInAsClient();
    mockApi({ me: fail(500, "down") });
    renderAt("/portal/profile", ProfilePage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
  });
});

describe("the template's profile tabs (issue 43)", () => {
  it("answers not-found for a tab the profile does not have, with the tabs it has", async () => {
    signInAsClient();
    mockApi({ me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }) });
    renderAt("/pages/user-profile/nope", ProfilePage, "/pages/user-profile/:tab");
    expect(await screen.findByRole("heading", { name: en.tabNotFound })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Claire Client" })).toBeNull();
    const links = within(screen.getByRole("region", { name: en.tabNotFound })).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/pages/user-profile/profile",
      "/pages/user-profile/teams",
      "/pages/user-profile/projects",
      "/pages/user-profile/connections",
      "/pages/user-profile/plan",
    ]);
  });

  it("shows the role as teams, the user's own jobs as projects, and signed-in devices as connections", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      "search-history": listOf([
        {
          historyId: 1,
          userId: 7,
          userName: "Claire Client",
          siteId: 2,
          siteName: "Turnitin",
          vendorId: 3,
          vendorName: "eu-1",
          fileName: "thesis.pdf",
          pointsSpent: 5,
          createdAt: "2026-11-30T10:00:00.000Z",
          updatedAt: "2026-11-30T10:00:00.000Z",
          hasReport: false,
          fileData: { uniqueId: "u1", status: 1, similarity: 12 },
        },
      ]),
      "search-session": listOf([
        {
          sessionId: 4,
          userAgent: "Firefox on Linux",
          ip: "203.0.113.1",
          createdAt: "2026-11-30T10:00:00.000Z",
          lastSeenAt: "2026-11-30T10:00:00.000Z",
          rememberMe: false,
          current: true,
        },
      ]),
    });
    renderAt("/pages/user-profile/teams", ProfilePage, "/pages/user-profile/:tab");
    expect(await screen.findByRole("heading", { name: en.teamsTitle })).toBeTruthy();
    expect(screen.getByRole("link", { name: en.teamsAccess }).getAttribute("href")).toBe("/access-control");

    renderAt("/pages/user-profile/projects", ProfilePage, "/pages/user-profile/:tab");
    expect(await screen.findByText("thesis.pdf", { exact: false })).toBeTruthy();
    expect(calls.find((c) => c.name === "search-history")!.body).toMatchObject({ userId: 7, limit: 5, page: 1 });

    renderAt("/pages/user-profile/connections", ProfilePage, "/pages/user-profile/:tab");
    expect(await screen.findByText("Firefox on Linux")).toBeTruthy();
    expect(screen.getByText(en.thisDevice)).toBeTruthy();
  });
});
