import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DashboardStats } from "../../web/src/features/dashboard/api";
import { niceTicks } from "../../web/src/components/charts/niceTicks";
import { TimeChart } from "../../web/src/components/charts/TimeChart";
import { bucketsOf, changePercent, regroup } from "../../web/src/features/dashboard/lib/series";
import en from "../../web/src/features/dashboard/locales/en.json";
import AccessControlPage from "../../web/src/features/dashboard/pages/AccessControlPage";
import CrmDashboardPage from "../../web/src/features/dashboard/pages/CrmDashboardPage";
import PortalDashboardPage from "../../web/src/features/dashboard/pages/PortalDashboardPage";
import {
  type Answer,
  type Body,
  type SignedInUser,
  callsTo,
  fail,
  mockApi,
  ok,
  renderAt,
  sessionAnswer,
  setupPageTests,
  signIn,
} from "./page-support";

/** Answers dashboard-stats through `answer` and `me` with the signed-in user. */
function mockStats(answer: (body: Body) => Answer = () => fail(404, "Unknown call.")) {
  mockApi({ me: sessionAnswer, "dashboard-stats": answer });
}
const statsCalls = () => callsTo("dashboard-stats");

function signInAs(user: SignedInUser, rules: object[]) {
  signIn({ userQuota: 0, ...user }, rules);
  mockStats();
}

const CLIENT_RULES = [
  { action: "read", subject: "AclDemo" },
  { action: "read", subject: "Portal" },
  { action: "read", subject: "Dashboard" },
  { action: "read", subject: "Item" },
  { action: "read", subject: "Bundle" },
  { action: "create", subject: "History" },
  { action: "read", subject: "History", conditions: { userId: 7 } },
  { action: "read", subject: "Quota", conditions: { userId: 7 } },
  { action: "redeem", subject: "Coupon" },
];

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"];

function businessStats(overrides: Partial<NonNullable<DashboardStats["business"]>> = {}): DashboardStats {
  return {
    range: 7,
    from: DAYS[0]!,
    to: DAYS[6]!,
    days: DAYS,
    currency: "USD",
    generatedAt: "2026-03-07T12:00:00.000Z",
    own: { subscriptions: [] },
    business: {
      setup: { sites: 3, activeVendors: 6, bundles: 3, items: 4, users: 10, hasPayments: true },
      kpis: {
        revenue: { current: 12_550, previous: 10_040 },
        jobs: { current: 6, previous: 8 },
        activeSubscriptions: { current: 3, previous: 0 },
      },
      series: {
        revenue: [0, 2500, 0, 10_050, 0, 0, 0],
        jobs: [1, 0, 2, 0, 0, 3, 0],
        jobsDone: [1, 0, 1, 0, 0, 2, 0],
        jobsFailed: [0, 0, 1, 0, 0, 0, 0],
      },
      paymentsByStatus: [
        { status: "pending", count: 2, amount: 1000 },
        { status: "paid", count: 3, amount: 12_000 },
      ],
      vendorLoad: [
        { vendorId: 4, vendorName: "Main account", siteName: "Similarity Check", vendorIsActive: true, jobs: 5, queued: 2 },
      ],
      ...overrides,
    },
  };
}

setupPageTests({ dashboard: en });

afterEach(() => {
  document.documentElement.dir = "ltr";
});

describe("series shaping", () => {
  it("keeps days for short ranges, groups 90 days into weeks and a year into calendar months", () => {
    expect(bucketsOf(DAYS).unit).toBe("day");
    expect(bucketsOf(DAYS).starts).toEqual(DAYS);
    const quarter = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const weeks = bucketsOf(quarter);
    expect(weeks.unit).toBe("week");
    expect(weeks.starts).toHaveLength(13);
    expect(weeks.starts[1]).toBe("2026-01-08");
    const year = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2025, 2, 8 + i)).toISOString().slice(0, 10));
    const months = bucketsOf(year);
    expect(months.unit).toBe("month");
    expect(months.starts).toEqual([
      "2025-03-08",
      ...["04", "05", "06", "07", "08", "09", "10", "11", "12"].map((m) => `2025-${m}-01`),
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
    ]);
  });

  it("sums flows per bucket and keeps the last value of a level", () => {
    const quarter = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const buckets = bucketsOf(quarter);
    const ones = quarter.map(() => 1);
    const summed = regroup(ones, buckets);
    expect(summed.slice(0, 12)).toEqual(Array(12).fill(7));
    expect(summed[12]).toBe(6);
    const rising = quarter.map((_, i) => i);
    expect(regroup(rising, buckets, "last").slice(0, 2)).toEqual([6, 13]);
  });

  it("compares with the previous period and rounds axes", () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(niceTicks(87)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("time chart", () => {
  const props = {
    kind: "bar" as const,
    title: "Revenue",
    labels: ["Mar 1", "Mar 2", "Mar 3"],
    series: [{ label: "Revenue", values: [10, 0, 30], tone: "primary" as const }],
    format: String,
    axisFormat: String,
  };

  it("draws one bar per non-zero value, themed by the daisyUI token class", () => {
    const { container } = render(<TimeChart {...props} rtl={false} />);
    const bars = container.querySelectorAll("rect");
    expect(bars).toHaveLength(2);
    expect(bars[0]!.getAttribute("class")).toContain("fill-primary");
    expect(screen.getByRole("img", { name: "Revenue" })).toBeTruthy();
    expect(bars[1]!.textContent).toBe("Mar 3 · Revenue: 30");
    // The taller bar stands for the larger value.
    expect(Number(bars[1]!.getAttribute("height"))).toBeGreaterThan(Number(bars[0]!.getAttribute("height")) * 2.5);
  });

  it("draws at its box's width from the first paint, never wider (issue 28: a phone's card is 310 px)", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 310, 220));
    for (const rtl of [false, true]) {
      const { container, unmount } = render(<TimeChart {...props} rtl={rtl} />);
      // Read synchronously after the commit: what the browser would paint first.
      const svg = container.querySelector("svg")!;
      expect(svg.getAttribute("width")).toBe("310");
      const box = svg.parentElement!;
      expect(box.className).toContain("overflow-hidden");
      for (const rect of container.querySelectorAll("rect")) {
        const x = Number(rect.getAttribute("x"));
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x + Number(rect.getAttribute("width"))).toBeLessThanOrEqual(310);
      }
      unmount();
    }
  });

  it("runs time from right to left in RTL", () => {
    const ltr = render(<TimeChart {...props} rtl={false} />).container.querySelectorAll("rect");
    const ltrFirst = Number(ltr[0]!.getAttribute("x"));
    const ltrLast = Number(ltr[1]!.getAttribute("x"));
    expect(ltrFirst).toBeLessThan(ltrLast);
    const rtl = render(<TimeChart {...props} rtl />).container.querySelectorAll("rect");
    expect(Number(rtl[0]!.getAttribute("x"))).toBeGreaterThan(Number(rtl[1]!.getAttribute("x")));
  });
});

describe("CRM dashboard", () => {
  it("shows KPI cards with the change against the previous period, and the charts with their tables", async () => {
    signInAs({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
    mockStats(() => ok(businessStats()));
    renderAt("/dashboards/crm", CrmDashboardPage);
    const revenue = await screen.findByText("$125.50");
    const card = revenue.closest("[data-kpi]") as HTMLElement;
    expect(within(card).getByText("25%")).toBeTruthy();
    expect(within(card).getByText(/vs \$100\.40 for the previous period/)).toBeTruthy();
    const jobsCard = screen.getAllByText("Jobs")[0]!.closest("[data-kpi]") as HTMLElement;
    expect(within(jobsCard).getByText("25%")).toBeTruthy();
    expect(within(jobsCard).getByText("down")).toBeTruthy();
    const subs = screen.getByText("Active subscriptions").closest("[data-kpi]") as HTMLElement;
    expect(within(subs).getByText("New this period")).toBeTruthy();
    expect(within(subs).getByText(/the start of the period/)).toBeTruthy();
    // Only the KPIs the answer carries are shown.
    expect(screen.queryByText("New users")).toBeNull();
    expect(statsCalls()[0]).toEqual({ name: "dashboard-stats", body: { range: 30 } });

    // The charts draw after the figures (a deferred render).
    const revenueChart = await screen.findByRole("region", { name: "Revenue" });
    const rows = within(revenueChart).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toContain("Mar 4$100.50");
    const jobsChart = screen.getByRole("region", { name: "Jobs by status" });
    expect(within(jobsChart).getByRole("columnheader", { name: "Failed" })).toBeTruthy();
    const vendors = screen.getByRole("region", { name: "Vendor accounts' load" });
    expect(within(vendors).getAllByText("Main account · Similarity Check").length).toBeGreaterThan(0);
    expect(within(vendors).getAllByText("2 waiting").length).toBeGreaterThan(0);
    expect(screen.queryByText("Welcome! Set up the shop first")).toBeNull();
  });

  it("asks for another range and keeps it in the URL", async () => {
    signInAs({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
    mockStats((body) => ok({ ...businessStats(), range: body.range }));
    const location = renderAt("/dashboards/crm", CrmDashboardPage);
    await screen.findByText("$125.50");
    fireEvent.click(screen.getByRole("button", { name: "90 days" }));
    await waitFor(() => expect(statsCalls().at(-1)?.body).toEqual({ range: 90 }));
    expect(location.history.at(-1)).toBe("/dashboards/crm?range=90");
    expect(screen.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("tells a new installation what to set up first", async () => {
    signInAs({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
    const fresh = businessStats({
      setup: { sites: 2, activeVendors: 0, bundles: 0, items: 0, users: 1, hasPayments: false },
      kpis: { revenue: { current: 0, previous: 0 } },
      series: { revenue: [0, 0, 0, 0, 0, 0, 0] },
      paymentsByStatus: [],
      vendorLoad: [],
    });
    mockStats(() => ok(fresh));
    renderAt("/dashboards/crm", CrmDashboardPage);
    const setup = await screen.findByRole("region", { name: "Welcome! Set up the shop first" });
    expect(within(setup).getByRole("link", { name: "Add vendor accounts" }).getAttribute("href")).toBe("/portal/vendor");
    expect(within(setup).getByText(/done/)).toBeTruthy();
    expect((await screen.findByRole("region", { name: "Revenue" })).textContent).toContain("Nothing in this period yet.");
  });

  it("shows an error with a retry when the figures cannot be loaded", async () => {
    signInAs({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
    let broken = true;
    mockStats(() => (broken ? fail(500, "x") : ok(businessStats())));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/dashboards/crm", CrmDashboardPage);
    const alert = await screen.findByRole("alert");
    broken = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("$125.50")).toBeTruthy();
  });
});

describe("portal dashboard", () => {
  it("shows the balance, subscriptions with days left, recent jobs and the quick actions the rules allow", async () => {
    signInAs({ userId: 7, userName: "Dana", role: "client", userQuota: 999 }, CLIENT_RULES);
    mockStats(() => ({
      status: 200,
      body: {
        ...businessStats(),
        business: null,
        own: {
          balance: 120,
          balanceSeries: [100, 100, 90, 90, 120, 120, 120],
          pointsAdded: 30,
          pointsUsed: 10,
          jobsByStatus: { queued: 0, done: 1, failed: 0 },
          recentJobs: [
            {
              uniqueId: "u1",
              siteName: "Similarity Check",
              fileName: "thesis.pdf",
              status: 1,
              similarity: 12,
              pointsSpent: 10,
              createdAt: "2026-03-03T10:00:00.000Z",
            },
          ],
          subscriptions: [
            {
              subscriptionId: 1,
              itemId: 2,
              itemName: "Pro plan",
              startsAt: "2026-03-01T00:00:00.000Z",
              endsAt: "2026-05-30T00:00:00.000Z",
              daysLeft: 84,
            },
          ],
        },
      },
    }));
    renderAt("/portal/dashboard", PortalDashboardPage);
    expect(await screen.findByText("120")).toBeTruthy();
    expect(screen.queryByText("999")).toBeNull();
    expect(screen.getByText("Days left: 84")).toBeTruthy();
    expect(screen.getByText("thesis.pdf")).toBeTruthy();
    expect(screen.getByText("12%")).toBeTruthy();
    const actions = screen.getByRole("navigation", { name: "Quick actions" });
    expect(within(actions).getByRole("link", { name: "Buy points" }).getAttribute("href")).toBe("/portal/bundle");
    expect(within(actions).getByRole("link", { name: "Use a site" }).getAttribute("href")).toBe("/portal/site");
    expect(within(actions).getByRole("link", { name: "Redeem a coupon" }).getAttribute("href")).toBe("/portal/quota");
    const balance = screen.getByRole("region", { name: "Your balance over time" });
    expect(
      within(balance)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toContain("Mar 390 points");
  });

  it("offers the next step when there are no subscriptions and no jobs, and hides actions the rules deny", async () => {
    signInAs({ userId: 8, userName: "Eve", role: "viewer" }, [{ action: "read", subject: "Portal" }]);
    mockStats(() => ({
      status: 200,
      body: {
        ...businessStats(),
        business: null,
        own: { recentJobs: [], subscriptions: [], jobsByStatus: { queued: 0, done: 0, failed: 0 } },
      },
    }));
    renderAt("/portal/dashboard", PortalDashboardPage);
    expect(await screen.findByText("You have no active subscription.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse plans" }).getAttribute("href")).toBe("/portal/item");
    expect(screen.getByText(/No jobs yet/)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Quick actions" })).toBeNull();
  });
});

describe("access control home", () => {
  it("lists the pages the rules open, with links, and the rules with their reach", () => {
    signInAs({ userId: 7, userName: "Dana", role: "client" }, CLIENT_RULES);
    renderAt("/access-control", AccessControlPage);
    const pages = screen.getByRole("region", { name: "Your pages" });
    expect(
      within(pages)
        .getByRole("link", { name: /Bundles/ })
        .getAttribute("href"),
    ).toBe("/portal/bundle");
    expect(
      within(pages)
        .getByRole("link", { name: /Your jobs/ })
        .getAttribute("href"),
    ).toBe("/portal/history-user");
    expect(within(pages).queryByRole("link", { name: /Users/ })).toBeNull();
    expect(within(pages).queryByRole("link", { name: /Business overview/ })).toBeNull();
    const rules = screen.getByRole("table");
    const quotaRow = within(rules)
      .getAllByRole("row")
      .find((r) => r.textContent?.includes("Points"))!;
    expect(quotaRow.textContent).toContain("Only your own");
  });

  it("opens the back office pages to an admin", () => {
    signInAs({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
    renderAt("/access-control", AccessControlPage);
    const pages = screen.getByRole("region", { name: "Your pages" });
    expect(
      within(pages)
        .getByRole("link", { name: /Business overview/ })
        .getAttribute("href"),
    ).toBe("/dashboards/crm");
    expect(within(pages).getByRole("link", { name: /Users/ })).toBeTruthy();
  });
});
