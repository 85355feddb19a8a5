import { render } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/providers/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SNACKBAR_MS, SnackbarProvider } from "../../web/src/components/Snackbar";
import commonAr from "../../web/src/i18n/locales/ar.json";
import common from "../../web/src/i18n/locales/en.json";
import layoutAr from "../../web/src/i18n/locales/layout/ar.json";
import layout from "../../web/src/i18n/locales/layout/en.json";

/** Shared by the feature pages' component tests: a table-driven API, signed-in cookies, a page in its providers. */

/** A string body goes out as it is (a file's bytes), anything else as JSON. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type Body = Record<string, unknown>;
export const calls: { name: string; body: Body }[] = [];
export const ok = (body: unknown): Answer => ({ status: 200, body });
export const fail = (status: number, error: string, field?: string): Answer => ({ status, body: { error, code: "x", field } });
/** A validation refusal of one field as the Worker words it: English text naming the wire field, plus the reason alone. */
export const refuse = (field: string, reason: string, code = "invalid_input"): Answer => ({
  status: 400,
  body: { error: `The field "${field}" ${reason}.`, code, field, reason },
});
export const listOf = (data: unknown[], total = data.length, limit = 10) => ok({ data, total, page: 1, limit });
export const callsTo = (name: string) => calls.filter((c) => c.name === name);

export interface MockOptions {
  /** What a call missing from the table answers (a 404 by default). */
  fallback?: Answer;
  /** How long an upload takes between its progress event and its answer, for tests that watch the bar. */
  uploadMs?: number;
}

const fieldsOf = (form: FormData): Body => {
  const body: Body = {};
  form.forEach((value, key) => (body[key] = value));
  return body;
};

/** Answers fetch and XMLHttpRequest (uploads) from a table, recording every call with its fields;
 * a function answer is asked again on each call, with the call's fields. */
export function mockApi(answers: Record<string, Answer | ((body: Body) => Answer)>, options: MockOptions = {}) {
  calls.length = 0;
  const answer = (name: string, body: Body) => {
    const found = answers[name];
    return (typeof found === "function" ? found(body) : found) ?? options.fallback ?? fail(404, "Unknown call.");
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      const sent = init?.body;
      const body = sent instanceof FormData ? fieldsOf(sent) : sent ? (JSON.parse(String(sent)) as Body) : {};
      calls.push({ name, body });
      const a = answer(name, body);
      return new Response(typeof a.body === "string" ? a.body : JSON.stringify(a.body), {
        status: a.status,
        headers: a.headers,
      });
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
    private answerHeaders: Record<string, string> = {};
    setRequestHeader() {}
    getResponseHeader(header: string) {
      return this.answerHeaders[header] ?? null;
    }
    send(form: FormData) {
      const body = fieldsOf(form);
      calls.push({ name: this.name, body });
      const a = answer(this.name, body);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        setTimeout(() => {
          this.status = a.status;
          this.answerHeaders = a.headers ?? {};
          this.responseText = JSON.stringify(a.body);
          this.onload?.();
        }, options.uploadMs ?? 20);
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

export interface SignedInUser {
  userId: number;
  userName: string;
  role: string;
  userQuota?: number;
  userPlan?: string;
}

/** Only the rules cookie: the session then never asks `me`, so a test can count every call the page makes. */
export function setAbilityRules(rules: object[]) {
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}

let session: { userData: object; userAbilityRules: object[] } | null = null;

/** Leaves the two cookies a real sign-in leaves; a bare role signs in a user named after it. */
export function signIn(who: "admin" | "client" | SignedInUser, rules: object[]) {
  const user = typeof who === "string" ? { userId: who === "admin" ? 1 : 2, userName: who, role: who } : who;
  const userData = { ...user, userEmail: `${user.role}@example.test`, userRole: user.role, userImage: null };
  session = { userData, userAbilityRules: rules };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  setAbilityRules(rules);
}

/** What `me` answers for the last sign-in (the session reloads the rules when it mounts): `mockApi({ me: sessionAnswer })`. */
export const sessionAnswer = (): Answer => (session ? ok(session) : fail(401, "Not signed in."));
/** What `me` answers for the last sign-in when staff view the app as that user (a read-only session). */
export const viewAsAnswer = (): Answer =>
  ok({
    ...(sessionAnswer().body as object),
    viewAs: { staffName: "Desk Dana", startedAt: "2026-11-30T10:00:00.000Z", endsAt: "2026-11-30T10:30:00.000Z" },
  });
export const signInAsAdmin = () =>
  signIn({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);

/** A JSON cookie as the app stored it (undefined when absent). */
export function readTestCookie(name: string): unknown {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? JSON.parse(decodeURIComponent(match[1]!)) : undefined;
}

/**
 * Every locale key as a path, arrays with their length, sorted: two locales must give the same list.
 * Plural forms count as their base key (Arabic has six where English has two; i18n-keys.test.ts checks them).
 */
export function localeKeys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => localeKeys(v, `${prefix}[${i}]`))];
  if (value && typeof value === "object") {
    const paths = Object.entries(value).flatMap(([key, v]) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
      return localeKeys(v, prefix ? `${prefix}.${base}` : base);
    });
    return [...new Set(paths)].sort();
  }
  return [prefix];
}

export interface RenderOptions {
  /** Only the router, session and SWR, without the snackbar and confirm dialog (a navbar widget's own markup). */
  bare?: boolean;
}

/** Renders at `path` the first page whose pattern matches (a wouter Switch), in the app's providers. */
export function renderRoutes(path: string, routes: [pattern: string, Page: ComponentType][], options: RenderOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const pages = (
    <Switch>
      {routes.map(([pattern, Page]) => (
        <Route key={pattern} path={pattern}>
          <Page />
        </Route>
      ))}
    </Switch>
  );
  const rendered = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          {options.bare ? (
            pages
          ) : (
            <SnackbarProvider>
              <ConfirmProvider>{pages}</ConfirmProvider>
            </SnackbarProvider>
          )}
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
  return { ...rendered, location };
}

export function renderAt(path: string, Page: ComponentType, pattern = path.split("?")[0]!) {
  return renderRoutes(path, [[pattern, Page]]).location;
}

/** Registers the hooks every page test needs, with the pages' translation namespaces (`{ users: en }`). */
export function setupPageTests(namespaces: Record<string, object>) {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
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
      resources: { en: { common, layout, ...namespaces } },
      interpolation: { escapeValue: false },
    });
  });
}

/**
 * The tests of a `describe` run in Arabic, with the common texts and the given feature namespaces. Intl's
 * digits for "ar" depend on the ICU version, so `arabicNumber` writes a number as the page does.
 */
export function inArabic(namespaces: Record<string, object>) {
  beforeAll(async () => {
    i18n.addResourceBundle("ar", "common", commonAr);
    i18n.addResourceBundle("ar", "layout", layoutAr);
    for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle("ar", namespace, texts);
    await i18n.changeLanguage("ar");
  });
  afterAll(() => i18n.changeLanguage("en"));
}

export const arabicNumber = (value: number) => new Intl.NumberFormat("ar").format(value);

/** The visible text, without the bidi marks Intl adds to Arabic numbers. */
export const visibleText = (element: Element) => element.textContent?.replace(/[\u200e\u200f\u061c]/g, "") ?? "";
