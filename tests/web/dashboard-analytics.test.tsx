import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DashboardStats } from "../../web/src/features/dashboard/api";
import en from "../../web/src/features/dashboard/locales/en.json";
import AnalyticsPage from "../../web/src/features/dashboard/pages/AnalyticsPage";
import { type Answer, fail, mockApi, ok, renderAt, sessionAnswer, setupPageTests, signInAsAdmin } from "./page-support";

setupPageTests({ dashboard: en });

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03"];

function stats(business: DashboardStats["business"]): DashboardStats {
  return {
    range: 7,
    from: DAYS[0]!,
    to: DAYS[2]!,
    days: DAYS,
    currency: "USD",
    generatedAt: "2026-03-03T12:00:00.000Z",
    own: null,
    business,
  };
}

const BUSINESS: NonNullable<DashboardStats["business"]> = {
  setup: { sites: 1, activeVendors: 1, bundles: 1, items: 1, users: 1, hasPayments: true },
  kpis: { revenue: { current: 300, previous: 100 } },
  series: { revenue: [100, 0, 200] },
};

function open(answer: () => Answer) {
  signInAsAdmin();
  mockApi({ me: sessionAnswer, "dashboard-stats": answer });
  renderAt("/dashboards/analytics", AnalyticsPage);
}

describe("analytics page (BusinessStatsBody, RevenueChart)", () => {
  it("shows the revenue over time when the caller may read the business figures", async () => {
    open(() => ok(stats(BUSINESS)));
    const revenue = await screen.findByRole("region", { name: en.chart.revenue });
    expect(revenue.textContent).not.toContain(en.noBusiness);
    expect(screen.queryByText(en.noBusiness)).toBeNull();
  });

  it("says the figures are not for this caller when the answer has none", async () => {
    open(() => ok(stats(null)));
    expect(await screen.findByText(en.noBusiness)).toBeTruthy();
    expect(screen.queryByRole("region", { name: en.chart.revenue })).toBeNull();
  });

  it("offers a retry when the figures cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let broken = true;
    open(() => (broken ? fail(500, "x") : ok(stats(BUSINESS))));
    const alert = await screen.findByRole("alert");
    broken = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: en.chart.revenue })).toBeTruthy();
  });
});
