import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const started = vi.hoisted(() => ({ steps: [] as string[] }));
vi.mock("react-dom/client", () => ({
  hydrateRoot: () => void started.steps.push("hydrate"),
  createRoot: () => ({ render: () => void started.steps.push("render") }),
}));
vi.mock("../../web/src/i18n", async (actual) => ({
  ...(await actual<typeof import("../../web/src/i18n")>()),
  initI18n: async () => void started.steps.push("i18n"),
}));

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  started.steps = [];
  vi.resetModules();
});
afterEach(() => {
  document.body.innerHTML = "";
});

describe("the app's start", () => {
  // Lighthouse counts every task over 50 ms on a phone as blocking: evaluating the app, starting
  // i18next and hydrating were one such task on the landing and pricing pages.
  it("hydrates a prerendered page in tasks of their own, after the module's evaluation and i18next's start", async () => {
    document.body.innerHTML = '<div id="root"><main><h1>Pricing</h1></main></div>';
    await import("../../web/src/main");
    expect(started.steps).toEqual([]);
    await nextTask();
    expect(started.steps).toEqual(["i18n"]);
    await nextTask();
    expect(started.steps).toEqual(["i18n", "hydrate"]);
  });

  it("renders any other page at once (its spinner is all there is to see)", async () => {
    document.body.innerHTML = '<div id="root"><div class="app-loading"></div></div>';
    await import("../../web/src/main");
    expect(started.steps).toEqual(["i18n", "render"]);
  });
});
