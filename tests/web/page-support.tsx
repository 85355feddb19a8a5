import { render } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SNACKBAR_MS, SnackbarProvider } from "../../web/src/components/Snackbar";
import common from "../../web/src/i18n/locales/en.json";

/** Shared by the feature pages' component tests: a table-driven API, signed-in cookies, a page in its providers. */
export type Answer = { status: number; body: unknown };
export const calls: { name: string; body: Record<string, unknown> }[] = [];
export const ok = (body: unknown): Answer => ({ status: 200, body });
export const fail = (status: number, error: string, field?: string): Answer => ({ status, body: { error, code: "x", field } });
export const listOf = (data: unknown[], total = data.length, limit = 10) => ok({ data, total, page: 1, limit });
export const callsTo = (name: string) => calls.filter((c) => c.name === name);

/** Answers fetch and XMLHttpRequest (uploads) from a table, recording every call with its fields. */
export function mockApi(answers: Record<string, Answer | (() => Answer)>) {
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

export interface SignedInUser {
  userId: number;
  userName: string;
  role: string;
}

/** Leaves the two cookies a real sign-in leaves; a bare role signs in a user named after it. */
export function signIn(who: "admin" | "client" | SignedInUser, rules: object[]) {
  const user = typeof who === "string" ? { userId: who === "admin" ? 1 : 2, userName: who, role: who } : who;
  const userData = { ...user, userEmail: `${user.role}@example.test`, userRole: user.role, userImage: null };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}
export const signInAsAdmin = () =>
  signIn({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);

/** A JSON cookie as the app stored it (undefined when absent). */
export function readTestCookie(name: string): unknown {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? JSON.parse(decodeURIComponent(match[1]!)) : undefined;
}

export function renderAt(path: string, Page: ComponentType, pattern = path.split("?")[0]!) {
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

/** Registers the hooks every page test needs, with the pages' translation namespaces (`{ users: en }`). */
export function setupPageTests(namespaces: Record<string, object>) {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // A snackbar's 3000 ms timer must not fire after the DOM environment is torn down. A test that ends
  // with one showing has its timer pending (older ones expire first), so the file waits that out, and
  // only then. This runs before setup.ts's cleanup: Vitest runs after-hooks last-registered first.
  let snackbarTimersEnd = 0;
  afterEach(() => {
    if (document.querySelector('[data-testid="snackbar"]')) snackbarTimersEnd = Date.now() + SNACKBAR_MS + 100;
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, snackbarTimersEnd - Date.now()))));

  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: "en",
      fallbackLng: "en",
      defaultNS: "common",
      resources: { en: { common, ...namespaces } },
      interpolation: { escapeValue: false },
    });
  });
}
