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

/** Shared by the catalogue pages' component tests: a table-driven API, signed-in cookies, a page in its providers. */
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

export function signIn(role: "admin" | "client", rules: object[]) {
  const userData = { userId: role === "admin" ? 1 : 2, userName: role, userEmail: `${role}@example.test`, userRole: role, role };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}
export const signInAsAdmin = () => signIn("admin", [{ action: "manage", subject: "all" }]);

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

/** Registers the hooks every catalogue page test needs, with the page's translation namespace. */
export function setupPageTests(namespace: string, resources: object) {
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
      resources: { en: { common, [namespace]: resources } },
      interpolation: { escapeValue: false },
    });
  });
}
