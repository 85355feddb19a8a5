import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import ar from "../../web/src/features/fleet/locales/ar.json";
import en from "../../web/src/features/fleet/locales/en.json";
import { bucketsOf, meanFinishMinutes } from "../../web/src/features/fleet/lib/buckets";
import FleetPage from "../../web/src/features/fleet/pages/FleetPage";
import LogisticsDashboardPage from "../../web/src/features/fleet/pages/LogisticsDashboardPage";
import { callsTo, fail, inArabic, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

setupPageTests({ fleet: en });

const VENDOR = {
  vendorId: 4,
  vendorName: "Turnitin pool A",
  siteId: 2,
  siteName: "Turnitin",
  active: true,
  queued: 3,
  claimed: 1,
  done24h: 30,
  failed24h: 10,
  failureRate: 0.25,
  medianMinutes: 12.5,
  lastUsedAt: "2026-12-01T10:00:00.000Z",
};
const OTHER = {
  ...VENDOR,
  vendorId: 5,
  vendorName: "Grammarly main",
  siteId: 3,
  siteName: "Grammarly",
  queued: 0,
  failureRate: null,
};

describe("fleet page", () => {
  it("is in the route table and the menu (apps and dashboards)", () => {
    for (const path of ["/apps/logistics/fleet", "/apps/logistics/dashboard", "/dashboards/logistics"]) {
      expect(appRoutes.find((route) => route.path === path)?.ns).toBe("fleet");
    }
    expect(navItems.find((item) => item.to === "/apps/logistics/fleet")).toMatchObject({ section: "apps", icon: "truck" });
    expect(navItems.find((item) => item.to === "/dashboards/logistics")?.section).toBe("dashboards");
  });

  it("shows a card per account with its state and figures, and filters by site", async () => {
    signInAsAdmin();
    mockApi({ "fleet-status": ok({ vendors: [VENDOR, OTHER] }) });
    renderAt("/apps/logistics/fleet", FleetPage);
    const card = (await screen.findByRole("heading", { name: "Turnitin pool A" })).closest("article")!;
    expect(within(card).getByText(en.active)).toBeTruthy();
    expect(within(card).getByText("25 %")).toBeTruthy();
    expect(within(card).getByText("12.5 min")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: en.summary })).getByText(en.waiting).nextSibling!.textContent).toBe("3");
    expect(screen.getByRole("link", { name: en.openDashboard }).getAttribute("href")).toBe("/apps/logistics/dashboard");
    fireEvent.change(screen.getByLabelText(en.site), { target: { value: "3" } });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Turnitin pool A" })).toBeNull());
    expect(screen.getByRole("heading", { name: "Grammarly main" })).toBeTruthy();
  });

  it("pauses an account only after confirming, and shows its new state", async () => {
    signInAsAdmin();
    mockApi({
      "fleet-status": ok({ vendors: [VENDOR] }),
      "pause-vendor": ok({ message: "Vendor account paused: it gets no new jobs.", vendor: { ...VENDOR, active: false } }),
    });
    renderAt("/apps/logistics/fleet", FleetPage);
    fireEvent.click(await screen.findByRole("button", { name: `${en.pause} Turnitin pool A` }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("pause-vendor")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: `${en.pause} Turnitin pool A` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.pause }));
    expect(await screen.findByText("Vendor account paused: it gets no new jobs.")).toBeTruthy();
    expect(callsTo("pause-vendor")[0]!.body).toEqual({ vendorId: 4 });
    expect(await screen.findByText(en.paused)).toBeTruthy();
    expect(screen.getByRole("button", { name: `${en.resume} Turnitin pool A` })).toBeTruthy();
  });

  it("shows the failure and keeps the state when the change is refused", async () => {
    signInAsAdmin();
    mockApi({ "fleet-status": ok({ vendors: [VENDOR] }), "pause-vendor": fail(409, "This vendor account is already paused.") });
    renderAt("/apps/logistics/fleet", FleetPage);
    fireEvent.click(await screen.findByRole("button", { name: `${en.pause} Turnitin pool A` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.pause }));
    expect(await screen.findByText("The account could not be changed: This vendor account is already paused.")).toBeTruthy();
  });

  it("offers no pause to staff who may only read the fleet", async () => {
    signIn("client", [{ action: "read", subject: "Fleet" }]);
    mockApi({ "fleet-status": ok({ vendors: [VENDOR] }) });
    renderAt("/apps/logistics/fleet", FleetPage);
    await screen.findByRole("heading", { name: "Turnitin pool A" });
    expect(screen.queryByRole("button", { name: `${en.pause} Turnitin pool A` })).toBeNull();
  });

  it("has an empty state", async () => {
    signInAsAdmin();
    mockApi({ "fleet-status": ok({ vendors: [] }) });
    renderAt("/apps/logistics/fleet", FleetPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });

  it("has an error state that retries", async () => {
    signInAsAdmin();
    mockApi({ "fleet-status": fail(500, "Broken.") });
    renderAt("/apps/logistics/fleet", FleetPage);
    fireEvent.click(within(await screen.findByRole("alert")).getByRole("button"));
    await waitFor(() => expect(callsTo("fleet-status")).toHaveLength(2));
  });
});

describe("fleet page in Arabic", () => {
  inArabic({ fleet: ar });
  it("words the state and the action in Arabic", async () => {
    signInAsAdmin();
    mockApi({ "fleet-status": ok({ vendors: [{ ...VENDOR, active: false }] }) });
    renderAt("/apps/logistics/fleet", FleetPage);
    expect(await screen.findByText(ar.paused)).toBeTruthy();
    expect(screen.getByRole("button", { name: `${ar.resume} Turnitin pool A` })).toBeTruthy();
  });
});

describe("logistics dashboard", () => {
  const DAYS = ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"];
  const PIPELINE = {
    range: 7,
    days: DAYS,
    queued: [0, 0, 0, 0, 0, 1, 2],
    done: [4, 0, 2, 0, 0, 0, 1],
    failed: [0, 0, 2, 0, 0, 0, 0],
    finishMinutes: [10, null, 40, null, null, null, 5],
  };

  it("charts the pipeline of the chosen range and sends the range in the call", async () => {
    signInAsAdmin();
    mockApi({ "fleet-pipeline": (body) => ok({ ...PIPELINE, range: body.range }) });
    renderAt("/dashboards/logistics", LogisticsDashboardPage);
    expect(await screen.findByRole("region", { name: en.pipelineChart })).toBeTruthy();
    const summary = screen.getByRole("region", { name: en.summary });
    expect(within(summary).getByText(en.submitted).nextSibling!.textContent).toBe("12");
    // (4 × 10 + 4 × 40 + 1 × 5) / 9 finished jobs
    expect(within(summary).getByText(en.meanFinish).nextSibling!.textContent).toBe("22.78 min");
    expect(callsTo("fleet-pipeline")[0]!.body).toEqual({ range: 30 });
    fireEvent.click(screen.getByRole("button", { name: en.range7 }));
    await waitFor(() => expect(callsTo("fleet-pipeline").at(-1)!.body).toEqual({ range: 7 }));
  });

  it("has an error state", async () => {
    signInAsAdmin();
    mockApi({ "fleet-pipeline": fail(500, "Broken.") });
    renderAt("/apps/logistics/dashboard", LogisticsDashboardPage);
    expect(await screen.findByRole("alert")).toBeTruthy();
  });

  it("groups long ranges into weeks and months, weighting time to finish by the jobs finished", () => {
    expect(meanFinishMinutes(PIPELINE)).toBe(22.78);
    const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 8, 3 + i)).toISOString().slice(0, 10));
    const zeros = days.map(() => 0);
    const weeks = bucketsOf({ days, queued: zeros, done: days.map(() => 1), failed: zeros, finishMinutes: days.map(() => 2) });
    expect(weeks.unit).toBe("week");
    expect(weeks.buckets).toHaveLength(13);
    expect(weeks.buckets[0]).toEqual({ start: days[0], queued: 0, done: 7, failed: 0, finishMinutes: 2 });
    const year = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2025, 11, 2 + i)).toISOString().slice(0, 10));
    const months = bucketsOf({
      days: year,
      queued: year.map(() => 0),
      done: year.map(() => 0),
      failed: year.map(() => 0),
      finishMinutes: year.map(() => null),
    });
    expect(months.unit).toBe("month");
    expect(months.buckets).toHaveLength(13);
    expect(months.buckets[0]!.finishMinutes).toBeNull();
  });
});
