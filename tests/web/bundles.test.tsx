import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SNACKBAR_MS, SnackbarProvider } from "../../web/src/components/Snackbar";
import common from "../../web/src/i18n/locales/en.json";
import en from "../../web/src/features/bundles/locales/en.json";
import BundlePage from "../../web/src/features/bundles/pages/BundlePage";

type Answer = { status: number; body: unknown };
const calls: { name: string; body: Record<string, unknown> }[] = [];
const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, error: string, field?: string): Answer => ({ status, body: { error, code: "x", field } });
const listOf = (data: unknown[], total = data.length, limit = 10) => ok({ data, total, page: 1, limit });
const callsTo = (name: string) => calls.filter((c) => c.name === name);

/** Answers fetch and XMLHttpRequest (uploads) from a table, recording every call with its fields. */
function mockApi(answers: Record<string, Answer | (() => Answer)>) {
  calls.length = 0;
  const answer = (name: string) => {
    const found = answers[name];
    return (typeof found === "function" ? found() : found) ?? fail(404, "Unknown call.");
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      const a = answer(name);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private name = "";
    open(_method: string, url: string) {
      this.name = url.replace("/api/", "");
    }
    send(form: FormData) {
      const body: Record<string, unknown> = {};
      form.forEach((value, key) => (body[key] = value));
      calls.push({ name: this.name, body });
      const a = answer(this.name);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        setTimeout(() => {
          this.status = a.status;
          this.responseText = JSON.stringify(a.body);
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

function signIn(role: "admin" | "client", rules: object[]) {
  const userData = { userId: role === "admin" ? 1 : 2, userName: role, userEmail: `${role}@example.test`, userRole: role, role };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}
const signInAsAdmin = () => signIn("admin", [{ action: "manage", subject: "all" }]);

function renderAt(path: string, Page: ComponentType, pattern = path.split("?")[0]!) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <SnackbarProvider>
            <ConfirmProvider>
              <Route path={pattern}>
                <Page />
              </Route>
            </ConfirmProvider>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
  return location;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// A snackbar's 3000 ms timer must not fire after the DOM environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, SNACKBAR_MS + 100)));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, bundles: en } },
    interpolation: { escapeValue: false },
  });
});

const SETTINGS = ok({ siteName: "Portal", currency: "USD", languageSwitcher: false });
const B100 = { bundleId: 7, bundlePoin: 100, bundlePPP: 10, bundleDisc: 5, bundlePrice: 950, bundleIsActive: true };
const B50 = { bundleId: 8, bundlePoin: 50, bundlePPP: 10, bundleDisc: 0, bundlePrice: 500, bundleIsActive: false };
const CLIENT_RULES = [
  { action: "read", subject: "Bundle" },
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart", conditions: { userId: 2 } },
];

describe("bundles page for a client", () => {
  it("shows the cards with the server's price and adds a bundle to the cart", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      updatecart: ok({ message: "Added to your cart." }),
    });
    renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText("100 points")).toBeTruthy();
    expect(screen.getByText("$9.50")).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.addBundle })).toBeNull();
    expect(screen.queryByRole("button", { name: common.edit })).toBeNull();
    expect(callsTo("searchbundle")[0]!.body).toEqual({ page: 1, limit: 12 });
    fireEvent.click(screen.getByRole("button", { name: en.addToCart }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(callsTo("updatecart")[0]!.body).toEqual({ kind: "bundle", refId: 7, qty: 1 });
  });

  it("buys now: checkout for this bundle, then the payment page", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      checkout: ok({ message: "ok", referenceId: "ref_abc-123", amount: 950 }),
    });
    const location = renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: en.buy }));
    await waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_abc-123"));
    expect(callsTo("checkout")[0]!.body).toEqual({ kind: "bundle", refId: 7 });
  });

  it("shows the empty state and, when the search fails, logs it and shows an error state", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchbundle: listOf([], 0, 12) });
    renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    vi.unstubAllGlobals();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "app-settings": SETTINGS, searchbundle: fail(500, "boom") });
    renderAt("/portal/bundle?page=2", BundlePage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
    expect(log).toHaveBeenCalledWith("Network response was not ok");
    log.mockRestore();
  });
});

describe("bundles page for an admin", () => {
  it("filters by status and saves a new bundle, showing the server's message", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100, B50], 2, 12),
      updatebundle: ok({ message: "Bundle created successfully!", bundle: B100 }),
    });
    const location = renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText("50 points")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.filterStatus), { target: { value: "inactive" } });
    await waitFor(() => expect(callsTo("searchbundle").at(-1)!.body).toMatchObject({ isActive: "inactive", page: 1, limit: 12 }));
    expect(location.history!.at(-1)).toContain("isActive=inactive");
    fireEvent.click(screen.getByRole("button", { name: en.addBundle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText('The field "Points" is required.')).toBeTruthy();
    expect(callsTo("updatebundle")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.bundlePoin), { target: { value: "200" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundlePPP), { target: { value: "3" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundleDisc), { target: { value: "50" } });
    expect(within(dialog).getByText("Price: $3.00")).toBeTruthy();
    const before = callsTo("searchbundle").length;
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Bundle created successfully!")).toBeTruthy();
    expect(callsTo("updatebundle")[0]!.body).toEqual({
      bundleId: 0,
      bundlePoin: 200,
      bundlePPP: 3,
      bundleDisc: 50,
      bundleIsActive: true,
    });
    await waitFor(() => expect(callsTo("searchbundle").length).toBeGreaterThan(before));
  });

  it("shows the spec's save and delete failure texts with the server's reason", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      updatebundle: fail(400, 'The field "bundleDisc" must be at most 100.', "bundleDisc"),
      deletebundle: fail(404, "No such bundle."),
    });
    renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.bundleDisc), { target: { value: "120" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText('Failed to save bundle: The field "bundleDisc" must be at most 100.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel }));
    fireEvent.click(screen.getByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    expect(callsTo("deletebundle")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete bundle: No such bundle.")).toBeTruthy();
    expect(callsTo("deletebundle")[0]!.body).toEqual({ bundleId: 7 });
  });
});
