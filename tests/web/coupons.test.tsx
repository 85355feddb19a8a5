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
import { codesCsv } from "../../web/src/features/coupons/components/csv";
import en from "../../web/src/features/coupons/locales/en.json";
import CouponPage from "../../web/src/features/coupons/pages/CouponPage";

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
    resources: { en: { common, coupons: en } },
    interpolation: { escapeValue: false },
  });
});

const UNUSED = {
  couponId: 3,
  couponCode: "SPRING-ABCDEFGH23",
  couponQuota: 25,
  couponExpired: "2030-01-31",
  couponUsed: "N",
  couponUsedDate: null,
  couponUsedBy: null,
  couponUsedByName: null,
  couponStatus: "unused",
};
const USED = {
  ...UNUSED,
  couponId: 4,
  couponCode: "USEDCODE22",
  couponUsed: "Y",
  couponUsedDate: "2026-01-02T10:00:00.000Z",
  couponUsedBy: 9,
  couponUsedByName: "Amira Haddad",
  couponStatus: "used",
};

describe("coupons page", () => {
  it("lists coupons, filters by status and offers delete for unused ones only", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED, USED]) });
    const location = renderAt("/portal/coupon", CouponPage);
    expect(await screen.findByText("SPRING-ABCDEFGH23")).toBeTruthy();
    expect(screen.getByText("Amira Haddad")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: common.delete })).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(common.status), { target: { value: "expired" } });
    await waitFor(() => expect(callsTo("search-coupon").at(-1)!.body).toMatchObject({ status: "expired", page: 1, limit: 10 }));
    expect(location.history!.at(-1)).toContain("status=expired");
  });

  it("generates codes, shows them with the server's message and lists them again", async () => {
    signInAsAdmin();
    const codes = Array.from({ length: 10 }, (_, i) => `NEW-CODE${i}ABCDE`);
    mockApi({
      "search-coupon": listOf([UNUSED]),
      "generate-coupons": ok({ message: "10 coupons generated successfully!", codes }),
    });
    renderAt("/portal/coupon", CouponPage);
    await screen.findByText("SPRING-ABCDEFGH23");
    fireEvent.click(screen.getByRole("button", { name: en.generateTitle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(await within(dialog).findByText(`The field "${en.couponQuota}" is required.`)).toBeTruthy();
    expect(callsTo("generate-coupons")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.couponQuota), { target: { value: "15" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponExpired), { target: { value: "2030-06-30" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponCount), { target: { value: "10" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponPrefix), { target: { value: "new" } });
    const before = callsTo("search-coupon").length;
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(await screen.findByText("10 coupons generated successfully!")).toBeTruthy();
    expect(callsTo("generate-coupons")[0]!.body).toEqual({
      couponQuota: 15,
      couponExpired: "2030-06-30",
      couponCount: 10,
      couponPrefix: "new",
    });
    const fresh = screen.getByTestId("new-codes");
    expect(
      within(fresh)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(codes);
    await waitFor(() => expect(callsTo("search-coupon").length).toBeGreaterThan(before));
  });

  it("exports the new codes as CSV rows", () => {
    expect(codesCsv(["AAA", "BBB"], "15", "2030-06-30")).toBe(
      "couponCode,couponQuota,couponExpired\r\nAAA,15,2030-06-30\r\nBBB,15,2030-06-30\r\n",
    );
  });

  it("shows the spec's generate failure text with the server's reason", async () => {
    signInAsAdmin();
    mockApi({
      "search-coupon": listOf([]),
      "generate-coupons": fail(400, 'The field "couponCount" must be at most 1000.', "couponCount"),
    });
    renderAt("/portal/coupon", CouponPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.generateTitle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.couponQuota), { target: { value: "1" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponExpired), { target: { value: "2030-06-30" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponCount), { target: { value: "5000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(await screen.findByText('Failed to generate coupon: The field "couponCount" must be at most 1000.')).toBeTruthy();
  });

  it("reloads the coupon list (not the user list) after a delete", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED]), deletecoupon: ok({ message: "Coupon deleted successfully!" }) });
    renderAt("/portal/coupon", CouponPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    const before = callsTo("search-coupon").length;
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Coupon deleted successfully!")).toBeTruthy();
    expect(callsTo("deletecoupon")[0]!.body).toEqual({ couponId: 3 });
    await waitFor(() => expect(callsTo("search-coupon").length).toBe(before + 1));
    expect(callsTo("searchuser")).toHaveLength(0);
  });

  it("keeps the spec's delete failure text for coupons", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED]), deletecoupon: fail(409, "A used coupon cannot be deleted.") });
    renderAt("/portal/coupon", CouponPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete user: A used coupon cannot be deleted.")).toBeTruthy();
  });
});
