import { chromium, type Browser, type ConsoleMessage, type Page } from "playwright-core";
import { inject } from "vitest";
import { DEFAULT_ADMIN, DEMO_CLIENT } from "../../scripts/seed-data";

export const baseUrl = () => inject("baseUrl");
export const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN.email,
  password: process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN.password,
};
export const CLIENT = DEMO_CLIENT;

/** Debian's chromium, headless, with the flags this closed network needs (env notes). */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page that records console errors and failed page scripts, to assert none happened. */
export async function newPage(browser: Browser, opts: { locale?: string; colorScheme?: "light" | "dark" } = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: opts.locale ?? "en-US",
    colorScheme: opts.colorScheme ?? "light",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return { page, errors, context };
}

/**
 * Waits until the app has taken over the page's form (React has hydrated it): what is typed or pressed
 * before that is the browser's, and a prerendered sign-in form sent so only comes back empty.
 */
export async function appHasForm(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
}

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await appHasForm(page);
  await page.getByLabel(/email/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

/** Calls the API from the page, with its session cookie, as the page's own scripts would. */
export function apiFromPage<T>(page: Page, name: string, body: object): Promise<T> {
  return page.evaluate(
    async ([call, payload]) => {
      const res = await fetch(`/api/${call}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      return res.json();
    },
    [name, body] as const,
  ) as Promise<T>;
}
