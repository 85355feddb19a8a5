import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { timeLeft, ViewAsBanner } from "../../web/src/app/layouts/ViewAsBanner";
import accountEn from "../../web/src/features/account/locales/en.json";
import { minutesBetween, ViewAsCard } from "../../web/src/features/account/components/ViewAsCard";
import usersAr from "../../web/src/features/users/locales/ar.json";
import en from "../../web/src/features/users/locales/en.json";
import UserViewPage from "../../web/src/features/users/pages/UserViewPage";
import layoutAr from "../../web/src/i18n/locales/layout/ar.json";
import layout from "../../web/src/i18n/locales/layout/en.json";
import {
  callsTo,
  inArabic,
  listOf,
  mockApi,
  ok,
  readTestCookie,
  renderAt,
  sessionAnswer,
  setupPageTests,
  signIn,
} from "./page-support";

/** View as client (decision 0033): the user view's button and dialog, the banner on every page, the security card. */

const ALICE = {
  userId: 5,
  userName: "Alice Martin",
  userEmail: "alice@example.test",
  userPhone: "",
  userAddressLine1: "",
  userAddressLine2: "",
  userCity: "",
  userPostalCode: "",
  userCountry: "",
  userImage: null,
  userRole: "client",
  userIsActive: true,
  userQuota: 40,
  userPlan: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const ADMIN = { userId: 1, userName: "Admin", role: "admin" };
const MANAGE_ALL = [{ action: "manage", subject: "all" }];

function mockView(extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    searchuser: listOf([ALICE]),
    "search-role": listOf([]),
    "search-quota": ok({ userQuota: 40, data: [], total: 0, page: 1, limit: 10 }),
    "search-subscription": listOf([]),
    "search-history": listOf([]),
    "search-payment": listOf([]),
    "search-session": listOf([]),
    ...extra,
  });
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
});

setupPageTests({ users: en, account: accountEn });

describe("the user view's View as", () => {
  it("shows View as only with impersonate User, and only for an active client", async () => {
    signIn(ADMIN, [{ action: "read", subject: "User" }]);
    mockView();
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    await screen.findByRole("heading", { name: "Alice Martin" });
    expect(screen.queryByRole("button", { name: en.viewAs.button })).toBeNull();
  });

  it("asks for the password, sends it with the user, then loads the portal as the client", async () => {
    signIn(ADMIN, MANAGE_ALL);
    mockView({
      "view-as": ok({ message: "You are viewing as this client." }),
      me: () => sessionAnswer(),
    });
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    fireEvent.click(await screen.findByRole("button", { name: en.viewAs.button }));
    const dialog = await screen.findByRole("dialog", { name: "View as Alice Martin" });
    fireEvent.click(within(dialog).getByRole("button", { name: en.viewAs.start }));
    expect(await within(dialog).findByText(`The field "${en.viewAs.password}" is required.`)).toBeTruthy();
    expect(callsTo("view-as")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.viewAs.password), { target: { value: "my own password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.viewAs.start }));
    const before = callsTo("me").length;
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    expect(callsTo("view-as")[0]!.body).toEqual({ userId: 5, password: "my own password" });
    // The session's userData and rules are the client's before the page loads again.
    expect(callsTo("me").length).toBe(before + 1);
  }, 30_000);

  it("shows a wrong password under the field and stays", async () => {
    signIn(ADMIN, MANAGE_ALL);
    mockView({
      "view-as": { status: 400, body: { error: "The password is not right.", code: "wrong_password", field: "password" } },
    });
    renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
    fireEvent.click(await screen.findByRole("button", { name: en.viewAs.button }));
    const dialog = await screen.findByRole("dialog", { name: "View as Alice Martin" });
    fireEvent.change(within(dialog).getByLabelText(en.viewAs.password), { target: { value: "not mine" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.viewAs.start }));
    expect(await within(dialog).findByText("The password is not right.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  }, 30_000);
});

const VIEW_AS = {
  staffName: "Admin",
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 29 * 60_000).toISOString(),
};

function mockClientSession(viewAs: object | undefined) {
  signIn({ userId: 5, userName: "Alice Martin", role: "client" }, []);
  const client = ok({ userData: { ...ALICE, role: "client", recoveryCodesLeft: 0 }, userAbilityRules: [], viewAs });
  const staff = ok({ userData: { ...ALICE, userId: 1, role: "admin", recoveryCodesLeft: 0 }, userAbilityRules: MANAGE_ALL });
  // After End, `me` answers the staff member again.
  mockApi({ me: () => (callsTo("end-view-as").length ? staff : client), "end-view-as": ok({ message: "Ended." }) });
}

describe("the view-as banner", () => {
  it("says who is viewed, read-only, with the time left; End ends it and returns to the user's page", async () => {
    mockClientSession(VIEW_AS);
    renderAt("/", ViewAsBanner);
    const banner = await screen.findByTestId("view-as-banner");
    expect(banner.textContent).toContain("Viewing as Alice Martin — read-only");
    expect(banner.textContent).toMatch(/Time left: (28:5\d|29:00)/);
    fireEvent.click(within(banner).getByRole("button", { name: layout.viewAs.end }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/apps/user/view/5"));
    expect(callsTo("end-view-as")).toHaveLength(1);
    expect(readTestCookie("userData")).toMatchObject({ userId: 1, role: "admin" });
  });

  it("is not there in an ordinary session", async () => {
    mockClientSession(undefined);
    renderAt("/", ViewAsBanner);
    await waitFor(() => expect(callsTo("me")).toHaveLength(1));
    expect(screen.queryByTestId("view-as-banner")).toBeNull();
  });

  it("ends by itself when the 30 minutes are over", async () => {
    mockClientSession({ ...VIEW_AS, endsAt: new Date(Date.now() - 1000).toISOString() });
    renderAt("/", ViewAsBanner);
    await waitFor(() => expect(callsTo("end-view-as")).toHaveLength(1));
    expect(assign).toHaveBeenCalledWith("/apps/user/view/5");
  });

  it("counts down in minutes and seconds, never below zero", () => {
    expect(timeLeft("2026-01-01T00:30:00.000Z", Date.parse("2026-01-01T00:00:00.000Z"))).toBe("30:00");
    expect(timeLeft("2026-01-01T00:30:00.000Z", Date.parse("2026-01-01T00:29:01.500Z"))).toBe("00:59");
    expect(timeLeft("2026-01-01T00:30:00.000Z", Date.parse("2026-01-01T01:00:00.000Z"))).toBe("00:00");
  });

  describe("in Arabic", () => {
    inArabic({ users: usersAr });
    it("words the banner in Arabic", async () => {
      mockClientSession(VIEW_AS);
      renderAt("/", ViewAsBanner);
      const banner = await screen.findByTestId("view-as-banner");
      expect(banner.textContent).toContain(layoutAr.viewAs.banner.replace("{{name}}", "Alice Martin"));
      expect(within(banner).getByRole("button", { name: layoutAr.viewAs.end })).toBeTruthy();
    });
  });
});

describe("the security tab's view-as card", () => {
  it("lists who viewed as the client, when and for how long", async () => {
    signIn({ userId: 5, userName: "Alice Martin", role: "client" }, []);
    mockApi({
      "search-view-as": listOf([
        {
          viewAsId: 3,
          staffId: 1,
          staffName: "Desk Dana",
          startedAt: "2026-03-01T10:00:00.000Z",
          endedAt: "2026-03-01T10:12:00.000Z",
          endReason: "ended",
        },
      ]),
    });
    renderAt("/account/security", ViewAsCard);
    const row = (await screen.findByText("Desk Dana")).closest("tr")!;
    expect(row.textContent).toContain("12 minutes");
    expect(row.textContent).toContain(accountEn.viewAs.reason.ended);
    expect(callsTo("search-view-as")[0]!.body).toMatchObject({ limit: 10 });
    expect(minutesBetween("2026-03-01T10:00:00.000Z", "2026-03-01T10:00:20.000Z")).toBe(1);
  });
});
