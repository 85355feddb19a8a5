import { render } from "@testing-library/react";
import { vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../web/src/app/App";
import type { SignInAnswer, UserData } from "../../web/src/providers/session";
import i18n from "i18next";
import { initI18n, LAYOUT_NAMESPACE } from "../../web/src/i18n";

export { readTestCookie } from "./page-support";

export const ADMIN_RULES: SignInAnswer["userAbilityRules"] = [{ action: "manage", subject: "all" }];
export const CLIENT_RULES: SignInAnswer["userAbilityRules"] = [
  { action: "read", subject: "AclDemo" },
  { action: "read", subject: "Portal" },
  { action: "read", subject: "Profile" },
  { action: "update", subject: "Profile" },
  { action: "read", subject: "Payment", conditions: { userId: 2 } },
];

export function userData(role: "admin" | "client"): UserData {
  return {
    userId: role === "admin" ? 1 : 2,
    userName: role === "admin" ? "Ada Admin" : "Cleo Client",
    userEmail: `${role}@example.com`,
    userPhone: "",
    userAddressLine1: "",
    userAddressLine2: "",
    userCity: "",
    userPostalCode: "",
    userCountry: "",
    userImage: null,
    userRole: role,
    role,
    userIsActive: true,
    userQuota: 0,
    userPlan: null,
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: "2026-01-05T09:00:00.000Z",
    recoveryCodesLeft: 0,
  };
}

export function setCookie(name: string, value: unknown) {
  document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/`;
}

/** Signs a role in the way a real sign-in leaves the browser: the two JSON cookies. */
export function signedInAs(role: "admin" | "client", stored: Partial<UserData> = {}) {
  setCookie("userData", { ...userData(role), ...stored });
  setCookie("userAbilityRules", role === "admin" ? ADMIN_RULES : CLIENT_RULES);
}

type Answer = { status?: number; body: unknown };

/** Replaces fetch: each call name answers from `answers` (default: app-settings, me), others 404. */
export function mockApi(answers: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)> = {}) {
  const calls: { name: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const name = String(input).replace(/^.*\/api\//, "");
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ name, body });
    const found = answers[name];
    const answer: Answer =
      typeof found === "function"
        ? await found(body)
        : (found ??
          (name === "app-settings"
            ? { body: { siteName: "Edge Portal", currency: "USD", languageSwitcher: false, termsUrl: null } }
            : name === "me"
              ? { status: 401, body: { error: "Sign in first.", code: "unauthorized" } }
              : { status: 404, body: { error: "No such call.", code: "not_found" } }));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export async function setupI18n() {
  await initI18n();
  // The default layout's words, which it loads before it renders (a test may render a piece of it alone).
  await i18n.loadNamespaces(LAYOUT_NAMESPACE);
}

/** Renders the whole app at a path, with an in-memory address that records every navigation. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(<App hook={location.hook} />);
  const current = () => location.history[location.history.length - 1]!;
  return { ...view, location, current };
}
