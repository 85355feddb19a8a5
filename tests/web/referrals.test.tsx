import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/referrals/locales/en.json";
import profileEn from "../../web/src/features/profile/locales/en.json";
import ReferralsPage from "../../web/src/features/referrals/pages/ReferralsPage";
import { InviteCard } from "../../web/src/features/profile/components/InviteCard";
import { callsTo, fail, listOf, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

setupPageTests({ referrals: en, profile: profileEn });
afterEach(() => vi.unstubAllGlobals());

const REFERRAL = {
  referrerId: 3,
  referrerName: "Lena Referrer",
  refereeId: 9,
  refereeName: "Omar Referee",
  status: "rewarded",
  points: 100,
  firstPaymentAmount: 2490,
  rewardedAt: "2026-11-30T11:00:00.000Z",
  createdAt: "2026-11-30T10:00:00.000Z",
};

describe("referrals page", () => {
  it("is in the route table and the apps menu with the gift icon", () => {
    expect(appRoutes.find((route) => route.path === "/apps/ecommerce/referrals")?.ns).toBe("referrals");
    expect(navItems.find((item) => item.to === "/apps/ecommerce/referrals")).toMatchObject({ section: "apps", icon: "gift" });
  });

  it("lists who referred whom with the first payment and sends the search, 10 a page", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": ok({ siteName: "Portal", currency: "USD", languageSwitcher: false }),
      "search-referral": listOf([REFERRAL]),
    });
    renderAt("/apps/ecommerce/referrals", ReferralsPage);
    expect(await screen.findByText("Omar Referee")).toBeTruthy();
    expect(screen.getByText("Lena Referrer").closest("a")!.getAttribute("href")).toBe("/apps/user/view/3");
    expect(screen.getByText("$24.90")).toBeTruthy();
    expect(screen.getByText(en.status_rewarded)).toBeTruthy();
    expect(callsTo("search-referral")[0]!.body).toEqual({ search: "", page: 1, limit: 10 });
    fireEvent.change(screen.getByLabelText(en.searchPlaceholder), { target: { value: "ABCD2345" } });
    await waitFor(() => expect(callsTo("search-referral").at(-1)!.body).toEqual({ search: "ABCD2345", page: 1, limit: 10 }));
  });

  it("says when nobody signed up through a referral yet", async () => {
    signInAsAdmin();
    mockApi({ "search-referral": listOf([]) });
    renderAt("/apps/ecommerce/referrals", ReferralsPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });
});

describe("invite card", () => {
  const MINE = {
    code: "ABCD2345",
    link: "https://portal.test/register?ref=ABCD2345",
    referred: 2,
    pointsEarned: 100,
    referredBy: null,
  };

  it("shows the code, the link and the earnings, and copies the link", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    signIn("client", [{ action: "read", subject: "Referral" }]);
    mockApi({ "my-referral": ok(MINE) });
    renderAt("/portal/profile", InviteCard);
    const card = await screen.findByRole("region", { name: profileEn.inviteTitle });
    expect(within(card).getByText("ABCD2345")).toBeTruthy();
    expect((within(card).getByLabelText(profileEn.inviteLink) as HTMLInputElement).value).toBe(MINE.link);
    expect(within(card).getByTestId("referral-count").textContent).toBe("2");
    expect(within(card).getByTestId("referral-earned").textContent).toContain("100");
    fireEvent.click(within(card).getByRole("button", { name: profileEn.copyLink }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(MINE.link));
  });

  it("offers a retry when the code cannot be read", async () => {
    signIn("client", [{ action: "read", subject: "Referral" }]);
    mockApi({ "my-referral": fail(500, "Something went wrong.") });
    renderAt("/portal/profile", InviteCard);
    expect(await screen.findByRole("button", { name: /try again|retry/i })).toBeTruthy();
  });
});
