import { fireEvent, render, screen, within } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import en from "../../web/src/features/profile/locales/en.json";
import ProfilePage from "../../web/src/features/profile/pages/ProfilePage";
import common from "../../web/src/i18n/locales/en.json";

type Answer = { status: number; body: unknown };
const calls: { name: string; body: Record<string, unknown> }[] = [];

const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, error: string): Answer => ({ status, body: { error, code: "x" } });
const listOf = (data: unknown[]) => ok({ data, total: data.length, page: 1, limit: 10 });

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
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

function signIn(user: { userId: number; userName: string; role: string }, rules: object[]) {
  const userData = { ...user, userEmail: "me@example.test", userRole: user.role, userImage: null };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}
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

const readCookie = (name: string) => {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? (JSON.parse(decodeURIComponent(match[1]!)) as Record<string, unknown>) : null;
};

const ME = {
  userId: 7,
  userName: "Claire Client",
  userEmail: "claire@example.test",
  userPhone: "",
  userImage: null,
  userRole: "client",
  role: "client",
  userIsActive: true,
  userQuota: 120,
  userPlan: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const CLIENT_RULES = [
  { action: "read", subject: "Profile" },
  { action: "update", subject: "Profile" },
  { action: "create", subject: "Payment" },
];
const signInAsClient = () => signIn({ userId: 7, userName: "Claire Client", role: "client" }, CLIENT_RULES);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, profile: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("profile", () => {
  it("edits the user's own info without role, status or quota, and updates the stored name at once", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      updateuser: ok({ message: "User updated successfully!", user: { ...ME, userName: "Claire C." }, newImage: null }),
    });
    renderAt("/portal/profile", ProfilePage);
    expect(await screen.findByRole("heading", { name: "Claire Client" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.editInfo }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.name), { target: { value: "Claire C." } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.save }));
    expect(await screen.findByText("User updated successfully!")).toBeTruthy();
    const sent = calls.find((c) => c.name === "updateuser")!.body;
    expect(sent).toMatchObject({ userId: "7", userName: "Claire C.", userEmail: "claire@example.test" });
    for (const field of ["userRole", "userIsActive", "userQuota", "userPW"]) expect(sent).not.toHaveProperty(field);
    expect(readCookie("userData")).toMatchObject({ userName: "Claire C." });
  });

  it("shows the save failure with the spec's prefix and the server's text", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      updateuser: fail(409, "An account with this email already exists."),
    });
    renderAt("/portal/profile", ProfilePage);
    fireEvent.click(await screen.findByRole("button", { name: en.editInfo }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.save }));
    expect(await within(dialog).findByText("Failed to save user: An account with this email already exists.")).toBeTruthy();
  });

  it("upgrades: lists active items and bundles, confirms, starts a checkout and goes to the payment page", async () => {
    signInAsClient();
    mockApi({
      me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
      searchitem: listOf([{ itemId: 21, itemName: "Pro plan", itemDesc: "", itemPrice: 2490, itemDuration: 90 }]),
      searchbundle: listOf([{ bundleId: 11, bundlePoin: 50, bundlePrice: 500, bundleDisc: 0 }]),
      checkout: ok({ message: "Payment created.", referenceId: "ref_abcdefghijklmnopqrstuv", amount: 2490 }),
    });
    const location = renderAt("/pages/user-profile/plan", ProfilePage, "/pages/user-profile/:tab");
    fireEvent.click(await screen.findByRole("button", { name: en.upgrade }));
    const upgrade = await screen.findByRole("dialog", { name: en.upgrade });
    expect(await within(upgrade).findByText("Pro plan")).toBeTruthy();
    expect(within(upgrade).getByText("50 points")).toBeTruthy();
    expect(calls.find((c) => c.name === "searchitem")!.body).toMatchObject({ isActive: true });
    fireEvent.click(within(upgrade).getAllByRole("button", { name: en.choose })[0]!);
    const confirm = await screen.findByRole("dialog", { name: en.confirmTitle });
    expect(calls.some((c) => c.name === "checkout")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: en.confirmBuy }));
    await vi.waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_abcdefghijklmnopqrstuv"));
    expect(calls.find((c) => c.name === "checkout")!.body).toEqual({ kind: "item", refId: 21 });
  });

  it("shows an error state when the profile cannot load", async () => {
    signInAsClient();
    mockApi({ me: fail(500, "down") });
    renderAt("/portal/profile", ProfilePage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
  });
});
