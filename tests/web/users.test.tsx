import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import quotaEn from "../../web/src/features/quota/locales/en.json";
import en from "../../web/src/features/users/locales/en.json";
import UserListPage from "../../web/src/features/users/pages/UserListPage";
import UserViewPage from "../../web/src/features/users/pages/UserViewPage";
import { planEnd } from "../../web/src/features/users/components/UpgradePlanDialog";
import { formatDate } from "../../web/src/lib/format";
import common from "../../web/src/i18n/locales/en.json";
import {
  calls,
  callsTo,
  fail,
  listOf,
  mockApi,
  ok,
  readTestCookie,
  renderAt,
  setupPageTests,
  signInAsAdmin,
} from "./page-support";

const ALICE = {
  userId: 5,
  userName: "Alice Martin",
  userEmail: "alice@example.test",
  userPhone: "",
  userImage: null,
  userRole: "client",
  userIsActive: true,
  userQuota: 40,
  userPlan: "Pro plan",
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const ROLES = listOf([
  { roleId: 1, roleName: "admin" },
  { roleId: 2, roleName: "client" },
  { roleId: 3, roleName: "auditor" },
]);
const PLANS = listOf([{ itemId: 21, itemName: "Pro plan" }]);

setupPageTests({ users: en, quota: quotaEn });

describe("users list", () => {
  it("shows users and keeps role, plan and status filters in the URL and in the call", async () => {
    signInAsAdmin();
    mockApi({ searchuser: listOf([ALICE]), "search-role": ROLES, searchitem: PLANS });
    const location = renderAt("/portal/user", UserListPage);
    expect(await screen.findByText("Alice Martin")).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Pro plan" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("option", { name: "auditor" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText(en.filterRole), { target: { value: "auditor" } });
    fireEvent.change(screen.getByLabelText(en.filterPlan), { target: { value: "21" } });
    fireEvent.change(screen.getByLabelText(en.filterStatus), { target: { value: "inactive" } });
    await waitFor(() => {
      const last = calls.filter((c) => c.name === "searchuser").at(-1)!;
      expect(last.body).toMatchObject({
        selectedRole: "auditor",
        selectedPlan: "21",
        selectedStatus: "inactive",
        limit: 10,
        page: 1,
      });
    });
    expect(location.history!.at(-1)).toContain("selectedRole=auditor");
    expect(location.history!.at(-1)).toContain("selectedStatus=inactive");
  });

  it("shows the empty text and an error state", async () => {
    signInAsAdmin();
    mockApi({ searchuser: listOf([]), "search-role": ROLES, searchitem: PLANS });
    renderAt("/portal/user", UserListPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    vi.unstubAllGlobals();
    mockApi({ searchuser: fail(500, "boom"), "search-role": ROLES, searchitem: PLANS });
    renderAt("/apps/user/list?search=zz", UserListPage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
  });

  it("asks before deleting and shows the spec's text with the server's reason on failure", async () => {
    signInAsAdmin();
    mockApi({
      searchuser: listOf([ALICE]),
      "search-role": ROLES,
      searchitem: PLANS,
      deleteuser: fail(409, "The last active admin cannot be removed, demoted or deactivated."),
    });
    renderAt("/portal/user", UserListPage);
    fireEvent.click(await screen.findByRole("button", { name: en.delete }));
    const dialog = await screen.findByRole("dialog");
    expect(calls.some((c) => c.name === "deleteuser")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: en.delete }));
    expect(
      await screen.findByText("Failed to delete user: The last active admin cannot be removed, demoted or deactivated."),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === "deleteuser")!.body).toEqual({ userId: 5 });
  });

  it("requires a password for a new user, then shows the server's save error after the spec's prefix", async () => {
    signInAsAdmin();
    mockApi({
      searchuser: listOf([ALICE]),
      "search-role": ROLES,
      searchitem: PLANS,
      updateuser: fail(409, "An account with this email already exists."),
    });
    renderAt("/portal/user", UserListPage);
    fireEvent.click(await screen.findByRole("button", { name: en.addUser }));
    const drawer = await screen.findByRole("dialog");
    fireEvent.change(within(drawer).getByLabelText(en.fieldName), { target: { value: "Bob" } });
    fireEvent.change(within(drawer).getByLabelText(en.fieldEmail), { target: { value: "alice@example.test" } });
    fireEvent.click(within(drawer).getByRole("button", { name: en.save }));
    expect(await within(drawer).findByText('The field "Password" is required.')).toBeTruthy();
    expect(calls.some((c) => c.name === "updateuser")).toBe(false);
    fireEvent.change(within(drawer).getByLabelText(en.fieldPassword), { target: { value: "long-password-1" } });
    fireEvent.click(within(drawer).getByRole("button", { name: en.save }));
    expect(await screen.findByText("Failed to save user: An account with this email already exists.")).toBeTruthy();
    const sent = calls.find((c) => c.name === "updateuser")!.body;
    expect(sent).toMatchObject({
      userId: "0",
      userName: "Bob",
      userPW: "long-password-1",
      userRole: "client",
      userIsActive: "true",
    });
  });

  it("updates the signed-in user's stored name and avatar when they save themself", async () => {
    signInAsAdmin();
    const me = { ...ALICE, userId: 1, userName: "Admin", userRole: "admin" };
    mockApi({
      searchuser: listOf([me]),
      "search-role": ROLES,
      searchitem: PLANS,
      updateuser: ok({
        message: "User updated successfully!",
        user: { ...me, userName: "Boss", userImage: "/images/a.png" },
        newImage: "/images/a.png",
      }),
    });
    renderAt("/portal/user", UserListPage);
    fireEvent.click(await screen.findByRole("button", { name: en.edit }));
    const drawer = await screen.findByRole("dialog");
    fireEvent.change(within(drawer).getByLabelText(en.fieldName), { target: { value: "Boss" } });
    fireEvent.click(within(drawer).getByRole("button", { name: en.save }));
    expect(await screen.findByText("User updated successfully!")).toBeTruthy();
    expect(readTestCookie("userData")).toMatchObject({ userName: "Boss", userImage: "/images/a.png" });
    expect(calls.find((c) => c.name === "updateuser")!.body).not.toHaveProperty("userPW");
  });
});

describe("user view", () => {
  it("shows each panel on its own, with a friendly error where a call fails", async () => {
    signInAsAdmin();
    mockApi({
      searchuser: listOf([ALICE]),
      "search-role": ROLES,
      "search-quota": ok({
        userQuota: 40,
        data: [
          {
            delta: 40,
            reason: "grant",
            ref: "p",
            createdAt: "2026-01-03T00:00:00.000Z",
            kind: "purchase",
            referenceId: "p",
            creditNoteNumber: null,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      }),
      "search-subscription": fail(500, "down"),
      "search-history": listOf([]),
      "search-payment": listOf([]),
      "search-session": listOf([]),
      "adjust-quota": ok({ message: "Quota adjusted.", userQuota: 45 }),
    });
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    expect(await screen.findByRole("heading", { name: "Alice Martin" })).toBeTruthy();
    const subs = await screen.findByRole("region", { name: en.subscriptions });
    expect(await within(subs).findByText(en.panelError)).toBeTruthy();
    expect(await screen.findByText(en.jobsEmpty)).toBeTruthy();
    expect(await screen.findByText(quotaEn.ledger.kind.purchase)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.delta), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText(en.reason), { target: { value: "Goodwill" } });
    fireEvent.click(screen.getByRole("button", { name: en.adjustQuota }));
    expect(await screen.findByText("Quota adjusted.")).toBeTruthy();
    expect(calls.find((c) => c.name === "adjust-quota")!.body).toEqual({ userId: 5, delta: 5, reason: "Goodwill" });
  });
});

describe("user view: upgrade plan", () => {
  const PRO = { itemId: 21, itemName: "Pro plan", itemPrice: 2490, itemDuration: 90, itemIsActive: true };
  const OLD = { itemId: 22, itemName: "Old plan", itemPrice: 990, itemDuration: 30, itemIsActive: false };
  const RUNNING = {
    subscriptionId: 3,
    itemId: 21,
    itemName: "Pro plan",
    itemUrl: "",
    startsAt: "2029-10-12T00:00:00.000Z",
    endsAt: "2030-01-10T00:00:00.000Z",
    active: true,
  };

  it("extends the running subscription from its end, shows the new end date, records the payment and refreshes the view", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": ok({ siteName: "Portal", currency: "USD", languageSwitcher: false }),
      searchuser: listOf([ALICE]),
      "search-role": ROLES,
      "search-quota": ok({ userQuota: 40, data: [], total: 0, page: 1, limit: 10 }),
      "search-subscription": listOf([RUNNING]),
      "search-history": listOf([]),
      "search-payment": listOf([]),
      "search-session": listOf([]),
      searchitem: listOf([PRO, OLD]),
      "add-payment": ok({ message: "Payment recorded. Points and subscriptions were granted." }),
    });
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    fireEvent.click(await screen.findByRole("button", { name: en.upgradePlan }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade the plan of Alice Martin" });
    const plan = await within(dialog).findByLabelText(en.planItem);
    expect(within(plan).queryByRole("option", { name: /Old plan/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: en.planGrant }));
    expect(await within(dialog).findByText(`The field "${en.planItem}" is required.`)).toBeTruthy();
    fireEvent.change(plan, { target: { value: "21" } });
    fireEvent.change(within(dialog).getByLabelText(en.planPeriods), { target: { value: "2" } });
    const summary = within(dialog).getByTestId("plan-summary");
    const newEnd = formatDate(new Date(Date.parse(RUNNING.endsAt) + 180 * 24 * 3600 * 1000).toISOString());
    expect(summary.textContent).toContain(`Pro plan runs until ${formatDate(RUNNING.endsAt)}`);
    expect(summary.textContent).toContain(`New end date: ${newEnd}`);
    expect(summary.textContent).toContain("Recorded as a paid payment of $49.80.");
    const before = { user: callsTo("searchuser").length, subs: callsTo("search-subscription").length };
    fireEvent.click(within(dialog).getByRole("button", { name: en.planGrant }));
    expect(await screen.findByText("Payment recorded. Points and subscriptions were granted.")).toBeTruthy();
    expect(callsTo("add-payment")[0]!.body).toEqual({ userId: 5, lines: [{ kind: "item", refId: 21, qty: 2 }], note: "" });
    expect(screen.queryByRole("dialog", { name: "Upgrade the plan of Alice Martin" })).toBeNull();
    await waitFor(() => expect(callsTo("searchuser").length).toBeGreaterThan(before.user));
    await waitFor(() => expect(callsTo("search-subscription").length).toBeGreaterThan(before.subs));
  });

  /** The user view's calls with the dialog's own two as given. */
  function mockPlanView(items: Parameters<typeof mockApi>[0][string], subscriptions: Parameters<typeof mockApi>[0][string]) {
    mockApi({
      searchuser: listOf([ALICE]),
      "search-role": ROLES,
      "search-quota": ok({ userQuota: 40, data: [], total: 0, page: 1, limit: 10 }),
      "search-subscription": subscriptions,
      "search-history": listOf([]),
      "search-payment": listOf([]),
      "search-session": listOf([]),
      searchitem: items,
    });
  }
  async function openPlanDialog() {
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    fireEvent.click(await screen.findByRole("button", { name: en.upgradePlan }));
    return screen.findByRole("dialog", { name: "Upgrade the plan of Alice Martin" });
  }
  const grantButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: en.planGrant }) as HTMLButtonElement;

  it("offers no grant when no plan is on sale", async () => {
    signInAsAdmin();
    mockPlanView(listOf([OLD]), listOf([]));
    const dialog = await openPlanDialog();
    expect(await within(dialog).findByText(en.planNoItems)).toBeTruthy();
    expect(grantButton(dialog).disabled).toBe(true);
  });

  it("keeps the grant off until the plans are read, and lets a failed read be tried again", async () => {
    signInAsAdmin();
    let up = false;
    mockPlanView(() => (up ? listOf([PRO]) : fail(500, "down")), listOf([]));
    const dialog = await openPlanDialog();
    expect(grantButton(dialog).disabled).toBe(true);
    up = true;
    fireEvent.click(await within(dialog).findByRole("button", { name: common.retry }));
    expect(await within(dialog).findByLabelText(en.planItem)).toBeTruthy();
    expect(grantButton(dialog).disabled).toBe(false);
  });

  it("says when the running plans could not be read instead of promising a start today", async () => {
    signInAsAdmin();
    let up = false;
    mockPlanView(listOf([PRO]), () => (up ? listOf([RUNNING]) : fail(500, "down")));
    const dialog = await openPlanDialog();
    fireEvent.change(await within(dialog).findByLabelText(en.planItem), { target: { value: "21" } });
    expect(within(dialog).getByText(en.planRunningUnknown)).toBeTruthy();
    expect(within(dialog).queryByTestId("plan-summary")).toBeNull();
    up = true;
    fireEvent.click(within(dialog).getByRole("button", { name: en.retry }));
    expect((await within(dialog).findByTestId("plan-summary")).textContent).toContain(
      `Pro plan runs until ${formatDate(RUNNING.endsAt)}`,
    );
  });

  it("starts a new plan now, and a running one where it ends", () => {
    const now = Date.parse("2026-03-01T12:00:00.000Z");
    expect(planEnd(PRO, 1, null, now).toISOString()).toBe("2026-05-30T12:00:00.000Z");
    expect(planEnd(PRO, 1, "2026-02-01T00:00:00.000Z", now).toISOString()).toBe("2026-05-30T12:00:00.000Z");
    expect(planEnd(PRO, 2, "2026-04-01T00:00:00.000Z", now).toISOString()).toBe("2026-09-28T00:00:00.000Z");
  });
});
