import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from "playwright-core";
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

/**
 * A 390 px touch phone in `language`: its language and direction cookies set as the app's switcher sets them,
 * the light theme, and the page's CSP bypassed so an injected axe may run.
 */
export async function phoneContext(browser: Browser, language: "en" | "fr" | "ar"): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    locale: language,
  });
  const cookies = { theme: "light", language, direction: language === "ar" ? "rtl" : "ltr" };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: new URL(baseUrl()).hostname,
      path: "/",
    })),
  );
  return context;
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
 * Signs in on the login page, in any language (the fields by their type). The submit button stays disabled
 * until the app has hydrated the page, and the click waits for it. With `home`, waits until the app has
 * brought the user there.
 */
export async function signIn(page: Page, who: { email: string; password: string }, opts: { home?: string } = {}) {
  await page.goto("/login");
  await page.locator('input[type="email"]').fill(who.email);
  await page.locator('input[type="password"]').fill(who.password);
  await submitSignIn(page);
  if (opts.home) await page.waitForURL(`**${opts.home}`);
}

/**
 * Sends the filled login form. Every test signs in from 127.0.0.1, and some fail on purpose: past 20 failures
 * in 15 minutes the address is asked to wait seconds (decision 0014), as a shared office would be. Waits as
 * the answer says, then sends again (3 tries), and returns the last answer's status. Under the suite's load a
 * password check can take many seconds, so the answer is awaited long; a click that sent nothing fails at once.
 */
export async function submitSignIn(page: Page): Promise<number> {
  const isLogin = (r: Request) => new URL(r.url()).pathname === "/api/login" && r.method() === "POST";
  for (let tries = 1; ; tries++) {
    const sent = page.waitForRequest(isLogin, { timeout: 15_000 });
    await page.locator('button[type="submit"]').click();
    const response = await (await sent).response();
    if (!response) throw new Error("the sign-in request got no answer");
    if (response.status() !== 429 || tries === 3) return response.status();
    await page.waitForTimeout((Number(response.headers()["retry-after"] ?? "5") + 1) * 1000);
  }
}

/** Signs in by the API alone (no page), waiting out the address's slow-down as `submitSignIn` does. */
export async function signInRequest(request: APIRequestContext, who: { email: string; password: string }) {
  for (let tries = 1; ; tries++) {
    const response = await request.post("/api/login", { data: who });
    if (response.status() !== 429 || tries === 3) return response;
    await new Promise((done) => setTimeout(done, (Number(response.headers()["retry-after"] ?? "5") + 1) * 1000));
  }
}

/**
 * Signs a browser context in, in a page of its own closed afterwards: the context's next pages have the
 * session. Waits for `home`, else for the app to leave the login page.
 */
export async function signInContext(context: BrowserContext, who: { email: string; password: string }, home?: string) {
  const page = await context.newPage();
  await signIn(page, who, { home });
  if (!home) await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.close();
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
      const text = await res.text();
      try {
        return JSON.parse(text);
      } catch {
        // Not the API's answer (the local server's own page, say): the failure shows what came instead.
        throw new Error(`${call}: ${res.status} ${text.slice(0, 300)}`);
      }
    },
    [name, body] as const,
  ) as Promise<T>;
}
