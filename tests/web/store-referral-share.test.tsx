import { fireEvent, screen, within } from "@testing-library/react";
import i18n from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import commonAr from "../../web/src/i18n/locales/ar.json";
import ar from "../../web/src/features/store/locales/ar.json";
import en from "../../web/src/features/store/locales/en.json";
import StoreDashboardPage from "../../web/src/features/store/pages/StoreDashboardPage";
import { callsTo, fail, mockApi, ok, renderAt, signInAsAdmin, setupPageTests } from "./page-support";

/** The referral share card of the store dashboards (issue 41 item 5), in English and Arabic. */

setupPageTests({ store: en });

const days = Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1}`);
const figure = (current: number) => ({ current, previous: 0 });

function stats(referredCustomers: number, referredRevenue: number) {
  return {
    range: 30,
    from: days[0],
    to: days[6],
    days,
    currency: "USD",
    kpis: {
      revenue: figure(400000),
      orders: figure(4),
      averageOrderValue: figure(100000),
      newCustomers: figure(5),
    },
    referrals: { newCustomers: figure(referredCustomers), revenue: figure(referredRevenue) },
    series: { revenue: [0, 0, 400000, 0, 0, 0, 0], orders: [0, 0, 4, 0, 0, 0, 0] },
    topProducts: [],
  };
}

const card = async () => {
  const title = await screen.findByRole("heading", { name: en.dashboard.referralShare });
  return within(title.closest("section")!);
};

describe("referral share", () => {
  afterEach(() => i18n.changeLanguage("en"));

  it("shows the referred share of new accounts and of revenue", async () => {
    signInAsAdmin();
    mockApi({ "store-stats": () => ok(stats(2, 100000)) });
    renderAt("/apps/ecommerce/dashboard", StoreDashboardPage);
    const share = await card();
    expect(share.getByText("40%")).toBeTruthy();
    expect(share.getByText("25%")).toBeTruthy();
    expect(share.getByText("2 of 5")).toBeTruthy();
    expect(share.getByText("$1,000.00 of $4,000.00")).toBeTruthy();
    expect(share.getByRole("progressbar", { name: en.dashboard.referralCustomers }).getAttribute("value")).toBe("40");
    expect(share.queryByText(en.dashboard.noReferrals)).toBeNull();
  });

  it("says 0 % and no referrals yet when none came, not an error", async () => {
    signInAsAdmin();
    mockApi({ "store-stats": () => ok(stats(0, 0)) });
    renderAt("/dashboards/ecommerce", StoreDashboardPage);
    const share = await card();
    expect(share.getAllByText("0%")).toHaveLength(2);
    expect(share.getByText(en.dashboard.noReferrals)).toBeTruthy();
  });

  it("offers a retry when the figures fail, and shows the card once they come", async () => {
    signInAsAdmin();
    mockApi({ "store-stats": () => fail(500, "internal", "Down") });
    renderAt("/dashboards/ecommerce", StoreDashboardPage);
    const retry = await screen.findByRole("button", { name: /retry|try again/i });
    expect(screen.queryByText(en.dashboard.referralShare)).toBeNull();
    mockApi({ "store-stats": () => ok(stats(1, 0)) });
    fireEvent.click(retry);
    expect((await card()).getByText("20%")).toBeTruthy();
    expect(callsTo("store-stats")).toHaveLength(1);
  });

  it("reads in Arabic", async () => {
    i18n.addResourceBundle("ar", "common", commonAr);
    i18n.addResourceBundle("ar", "store", ar);
    await i18n.changeLanguage("ar");
    signInAsAdmin();
    mockApi({ "store-stats": () => ok(stats(2, 100000)) });
    renderAt("/apps/ecommerce/dashboard", StoreDashboardPage);
    const title = await screen.findByRole("heading", { name: ar.dashboard.referralShare });
    const share = within(title.closest("section")!);
    expect(share.getByRole("progressbar", { name: ar.dashboard.referralRevenue }).getAttribute("value")).toBe("25");
    expect(share.getByText(ar.dashboard.referralCustomers)).toBeTruthy();
  });
});
