import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DashboardStats } from "../../web/src/features/dashboard/api";
import en from "../../web/src/features/dashboard/locales/en.json";
import CrmDashboardPage from "../../web/src/features/dashboard/pages/CrmDashboardPage";
import { mockApi, ok, renderAt, sessionAnswer, setupPageTests, signIn } from "./page-support";

/** How many KPI figures the document held each time a chart card rendered. */
const figuresWhenChartsRendered: number[] = [];

vi.mock("../../web/src/features/dashboard/components/Cards", async (load) => {
  const cards = await load<typeof import("../../web/src/features/dashboard/components/Cards")>();
  return {
    ...cards,
    TimeSeriesCard: (props: Parameters<typeof cards.TimeSeriesCard>[0]) => {
      figuresWhenChartsRendered.push(document.querySelectorAll("[data-kpi]").length);
      return cards.TimeSeriesCard(props);
    },
  };
});

setupPageTests({ dashboard: en });

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03"];
const STATS: DashboardStats = {
  range: 7,
  from: DAYS[0]!,
  to: DAYS[2]!,
  days: DAYS,
  currency: "USD",
  generatedAt: "2026-03-03T12:00:00.000Z",
  own: { subscriptions: [] },
  business: {
    setup: { sites: 3, activeVendors: 6, bundles: 3, items: 4, users: 10, hasPayments: true },
    kpis: { revenue: { current: 12550, previous: 10040 }, newUsers: { current: 3, previous: 1 } },
    series: { revenue: [100, 200, 300], newUsers: [1, 0, 2] },
  },
} as DashboardStats;

describe("the CRM dashboard's first paint", () => {
  it("puts the KPI figures on screen before it draws the charts", async () => {
    signIn({ userId: 1, userName: "Admin", role: "admin", userQuota: 0 }, [{ action: "manage", subject: "all" }]);
    mockApi({ me: sessionAnswer, "dashboard-stats": () => ok(STATS) });
    renderAt("/dashboards/crm", CrmDashboardPage);
    expect(await screen.findByText("$125.50")).toBeTruthy();
    expect(await screen.findByRole("region", { name: "New users" })).toBeTruthy();
    expect(figuresWhenChartsRendered.length).toBeGreaterThan(0);
    expect(figuresWhenChartsRendered.every((figures) => figures === 2)).toBe(true);
  });
});
