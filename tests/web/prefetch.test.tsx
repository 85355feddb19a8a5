import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freshAnswer, PRELOAD_MAX_AGE_MS } from "../../web/src/app/prefetch";
import { HOVER_INTENT_MS } from "../../web/src/app/intentListener";
import { COUPON, list, routeNamed, signedIn, SITE } from "./prefetch-support";
import { ADMIN_RULES, CLIENT_RULES, mockApi, renderApp, setupI18n } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("prefetch on the user's intent", () => {
  it("hovering a menu link loads the route's chunk and first call once; the page then shows without asking again", async () => {
    const { calls } = mockApi({ ...signedIn("admin", ADMIN_RULES), searchsite: list([SITE]) });
    const page = vi.spyOn(routeNamed("portal-site"), "page");
    renderApp("/access-control");
    const link = await screen.findByRole("link", { name: "Sites" });
    fireEvent.pointerOver(link);
    await waitFor(() => expect(calls.filter((c) => c.name === "searchsite")).toHaveLength(1));
    expect(calls.find((c) => c.name === "searchsite")!.body).toEqual({ page: 1, limit: 10, search: "", selectedStatus: "" });
    expect(page).toHaveBeenCalledTimes(1);

    fireEvent.click(link);
    expect(await screen.findByText("Similarity Check")).toBeTruthy();
    expect(calls.filter((c) => c.name === "searchsite")).toHaveLength(1);
    expect(page).toHaveBeenCalledTimes(1);
  });

  it("prefetches nothing when the pointer only passes over a link", async () => {
    const { calls } = mockApi({ ...signedIn("admin", ADMIN_RULES), "search-coupon": list([COUPON]) });
    const page = vi.spyOn(routeNamed("portal-coupon"), "page");
    renderApp("/access-control");
    const link = await screen.findByRole("link", { name: "Coupons" });
    fireEvent.pointerOver(link);
    fireEvent.pointerOut(link, { relatedTarget: document.body });
    await new Promise((resolve) => setTimeout(resolve, HOVER_INTENT_MS * 3));
    expect(calls.filter((c) => c.name === "search-coupon")).toHaveLength(0);
    expect(page).not.toHaveBeenCalled();
  });

  it("prefetches at once when a link gets the focus or a touch", async () => {
    const { calls } = mockApi({ ...signedIn("admin", ADMIN_RULES), "search-coupon": list([COUPON]), searchuser: list([]) });
    renderApp("/access-control");
    fireEvent.focusIn(await screen.findByRole("link", { name: "Coupons" }));
    expect(calls.filter((c) => c.name === "search-coupon")).toHaveLength(1);
    fireEvent.touchStart(screen.getByRole("link", { name: "Users" }));
    expect(calls.filter((c) => c.name === "searchuser")).toHaveLength(1);
  });

  it("leaves alone a link to a page the user may not open", async () => {
    const { calls } = mockApi(signedIn("client", CLIENT_RULES));
    renderApp("/access-control");
    await screen.findByRole("heading", { level: 1 });
    const link = document.createElement("a");
    link.href = "/portal/user";
    link.textContent = "Users";
    document.body.append(link);
    fireEvent.focusIn(link);
    fireEvent.pointerOver(link);
    await new Promise((resolve) => setTimeout(resolve, HOVER_INTENT_MS * 3));
    link.remove();
    expect(calls.filter((c) => c.name === "searchuser")).toHaveLength(0);
  });
});

type Listen = (event: string, listener: () => void) => void;

describe("a preloaded answer", () => {
  it("goes to the page that reads it within its maximum age, and is fetched again when older", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    let fetched = 0;
    const fetch = () => Promise.resolve(++fetched);
    expect(await freshAnswer(fetch, PRELOAD_MAX_AGE_MS)).toBe(1);
    const later = freshAnswer(fetch, PRELOAD_MAX_AGE_MS);
    expect(later.read).toBe(false);
    vi.setSystemTime(Date.now() + PRELOAD_MAX_AGE_MS + 1);
    expect(await later).toBe(3);
    expect(later.read).toBe(true);
    expect(fetched).toBe(3);
  });

  it("raises nothing when it fails and nobody reads it", async () => {
    // The tests run in Node: an unhandled rejection shows there.
    const { process } = globalThis as unknown as { process: { on: Listen; off: Listen } };
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    freshAnswer(() => Promise.reject(new Error("offline")), PRELOAD_MAX_AGE_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
