import { render, screen, waitFor } from "@testing-library/react";
import i18n, { type BackendModule } from "i18next";
import { Suspense } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { routeNamed, signedIn } from "./prefetch-support";
import { ADMIN_RULES, mockApi, renderApp } from "./shell-support";

/**
 * The first render of the app, before any translation has arrived: in a file of its own, whose
 * translations never load (a first load on a slow line, frozen).
 */
const neverLoads: BackendModule = { type: "backend", init() {}, read() {} };

// The route table and the app load on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => {
  // Not awaited: its promise waits for the translations.
  void i18n
    .use(neverLoads)
    .use(initReactI18next)
    .init({ lng: "en", ns: ["common"], defaultNS: "common", initAsync: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the first render, while the translations are still on their way", () => {
  it("starts the route's chunk and first call at once, the call before the settings", async () => {
    const { calls } = mockApi(signedIn("admin", ADMIN_RULES));
    const page = vi.spyOn(routeNamed("dashboards-crm"), "page");
    renderApp("/dashboards/crm");
    await waitFor(() => expect(calls.filter((c) => c.name === "dashboard-stats")).toHaveLength(1));
    expect(page).toHaveBeenCalledTimes(1);
    // The chunk's imports finish inside the test: an import still on its way when the file ends fails the run.
    await page.mock.results[0]!.value;
    // Before the deployment settings (asked once per page load, here), which no page waits for.
    const names = calls.map((c) => c.name);
    expect(names).toContain("app-settings");
    expect(names.indexOf("dashboard-stats")).toBeLessThan(names.indexOf("app-settings"));
  });

  it("renders what the confirm provider wraps: only an open dialog needs its texts", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Waiting</p>}>
          <ConfirmProvider>
            <p>The page</p>
          </ConfirmProvider>
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText("The page")).toBeTruthy();
  });
});
