import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { holdFirstRoute } from "../../web/src/app/firstRoute";
import { lazyComponent, loadOnce } from "../../web/src/lib/lazyComponent";
import { list, signedIn } from "./prefetch-support";
import { ADMIN_RULES, mockApi, renderApp, setupI18n } from "./shell-support";

beforeAll(setupI18n);
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Every text the page showed, in order, until the test looks (Suspense fallbacks included). */
function shownTexts() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const text = document.body.textContent ?? "";
    if (seen.at(-1) !== text) seen.push(text);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

describe("a component loaded on demand", () => {
  it("renders at once when its module has already loaded, with no fallback in between", async () => {
    const load = vi.fn(async () => ({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }));
    const Greeting = lazyComponent(load);
    await loadOnce(load);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Greeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText("Hello Ada")).toBeTruthy();
    expect(screen.queryByText("Waiting")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("suspends until its module arrives when it has not, and loads it once", async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = () => resolve({ default: () => <p>Here</p> }))),
    );
    const Late = lazyComponent(load);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Late />
      </Suspense>,
    );
    expect(screen.getByText("Waiting")).toBeTruthy();
    arrive();
    expect(await screen.findByText("Here")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("the app's first page", () => {
  it("shows whole once its layout, chunk and translations are there: no loading fallback on the way", async () => {
    mockApi({ ...signedIn("admin", ADMIN_RULES), searchitem: list([]) });
    const shown = shownTexts();
    holdFirstRoute();
    renderApp("/portal/item");
    await screen.findByRole("heading", { level: 1, name: "Shop" });
    shown.stop();
    // Before it, only the router's spinner, which has no text; a Suspense fallback would say "Loading…".
    const first = shown.seen.find((text) => text !== "")!;
    expect(first).toContain("Administration");
    expect(first).toContain("Subscriptions that open every site for a while.");
  });
});
