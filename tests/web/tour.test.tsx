import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes, navbarWidgets } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import FirstTour from "../../web/src/features/tour/components/FirstTour";
import en from "../../web/src/features/tour/locales/en.json";
import TourPage from "../../web/src/features/tour/pages/TourPage";
import { callsTo, mockApi, ok, renderRoutes, setupPageTests, signIn } from "./page-support";

setupPageTests({ tour: en });
vi.setConfig({ testTimeout: 20_000 });

// A tour a failed test left running ends with Escape, so the next test starts without one.
afterEach(() => {
  fireEvent.keyUp(window, { key: "Escape" });
});

const UNSEEN = { role: "admin", seen: false, seenAt: null };
const SEEN = { role: "admin", seen: true, seenAt: "2026-12-01T10:00:00.000Z" };

/** A home page with its main card and the widget, as the default layout has them. */
function Home() {
  return (
    <main>
      <section className="card">Dashboard</section>
      <FirstTour />
    </main>
  );
}

let nextUserId = 100;
function signInAdmin() {
  signIn({ userId: nextUserId++, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);
}

const popoverTitle = () => document.querySelector(".driver-popover-title")?.textContent;

describe("the first sign-in tour", () => {
  // happy-dom says it is driven by a script (navigator.webdriver): these tests are a person at a browser.
  beforeEach(() => {
    vi.spyOn(navigator, "webdriver", "get").mockReturnValue(false);
  });

  it("is a route, a menu entry with the compass icon, and a navbar widget", () => {
    expect(appRoutes.find((route) => route.path === "/extensions/tour")?.ns).toBe("tour");
    expect(navItems.find((item) => item.to === "/extensions/tour")).toMatchObject({ section: "pages", icon: "compass" });
    expect(navbarWidgets.map((widget) => widget.name)).toContain("tour");
  });

  it("runs on the role's home page when unseen, and remembers it once skipped", async () => {
    signInAdmin();
    mockApi({ "tour-state": ok(UNSEEN), "update-tour": ok({ message: "Saved.", tour: SEEN }) });
    renderRoutes("/dashboards/crm", [["/dashboards/crm", Home]], { bare: true });
    await waitFor(() => expect(popoverTitle()).toBe(en.steps.menu.title), { timeout: 10_000 });
    // The keyboard moves on in the reading direction.
    fireEvent.keyUp(window, { key: "ArrowRight" });
    await waitFor(() => expect(popoverTitle()).toBe(en.steps.navbar.title));
    expect(callsTo("update-tour")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: en.skip, hidden: true }));
    await waitFor(() => expect(callsTo("update-tour")).toEqual([{ name: "update-tour", body: { seen: true } }]));
    expect(document.querySelector(".driver-popover")).toBeNull();
  });

  it("walks to the home page's main card and ends with Done", async () => {
    signInAdmin();
    mockApi({ "tour-state": ok(UNSEEN), "update-tour": ok({ message: "Saved.", tour: SEEN }) });
    renderRoutes("/dashboards/crm", [["/dashboards/crm", Home]], { bare: true });
    await waitFor(() => expect(popoverTitle()).toBe(en.steps.menu.title), { timeout: 10_000 });
    fireEvent.keyUp(window, { key: "ArrowRight" });
    fireEvent.keyUp(window, { key: "ArrowRight" });
    await waitFor(() => expect(popoverTitle()).toBe(en.steps.card.admin.title));
    expect(document.querySelector("main .card")?.classList.contains("driver-active-element")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: en.done, hidden: true }));
    await waitFor(() => expect(callsTo("update-tour")).toHaveLength(1));
  });

  it("does not run once seen, nor ask anywhere but the home page", async () => {
    signInAdmin();
    mockApi({ "tour-state": ok(SEEN) });
    renderRoutes("/dashboards/crm", [["/dashboards/crm", Home]], { bare: true });
    await waitFor(() => expect(callsTo("tour-state")).toHaveLength(1), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.querySelector(".driver-popover")).toBeNull();

    signInAdmin();
    mockApi({ "tour-state": ok(UNSEEN) });
    renderRoutes("/portal/site", [["/portal/site", Home]], { bare: true });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(callsTo("tour-state")).toEqual([]);
  });
});

describe("/extensions/tour", () => {
  it("shows whether it ran, replays it, and can bring it back to the home page", async () => {
    signInAdmin();
    mockApi({
      "tour-state": ok(SEEN),
      "update-tour": (body) => ok({ message: "It will start again.", tour: body.seen ? SEEN : UNSEEN }),
    });
    renderRoutes("/extensions/tour", [["/extensions/tour", TourPage]]);
    expect(await screen.findByText(/You finished or skipped it on/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.showAgain }));
    expect(await screen.findByText(en.notSeen)).toBeTruthy();
    expect(callsTo("update-tour")[0]!.body).toEqual({ seen: false });

    fireEvent.click(screen.getByRole("button", { name: en.replay }));
    await waitFor(() => expect(popoverTitle()).toBe(en.steps.menu.title), { timeout: 10_000 });
    fireEvent.keyUp(window, { key: "Escape" });
    await waitFor(() => expect(callsTo("update-tour").at(-1)!.body).toEqual({ seen: true }));
  });
});

describe("in an automated browser", () => {
  it("does not start by itself (navigator.webdriver), where no one would read it", async () => {
    signInAdmin();
    mockApi({ "tour-state": ok(UNSEEN) });
    const webdriver = vi.spyOn(navigator, "webdriver", "get").mockReturnValue(true);
    try {
      renderRoutes("/dashboards/crm", [["/dashboards/crm", Home]], { bare: true });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(callsTo("tour-state")).toEqual([]);
    } finally {
      webdriver.mockRestore();
    }
  });
});
