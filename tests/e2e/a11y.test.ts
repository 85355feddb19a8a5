import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, baseUrl, CLIENT, launch, signInContext } from "./browser";
import { englishOnPage, type TargetLanguage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * axe-core on every main page, in light, dark, right-to-left and French: no serious or critical violation,
 * and in Arabic and French no English text (issue 29). And the keyboard alone signs in and walks the menu.
 */

type Who = "anonymous" | "admin" | "client";
const PAGES: Record<Who, string[]> = {
  anonymous: ["/login", "/register", "/forgot-password", "/front-pages/landing-page", "/front-pages/pricing", "/no/such/page"],
  admin: [
    "/dashboards/crm",
    "/portal/user",
    "/portal/itemSetting",
    "/portal/bundle",
    "/portal/coupon",
    "/portal/site",
    "/portal/vendor",
    "/portal/history",
    "/apps/roles",
    "/apps/invoice/list",
    "/apps/audit-log",
    "/pages/account-settings/security",
  ],
  client: [
    "/access-control",
    "/portal/item",
    "/portal/quota",
    "/portal/history-user",
    "/portal/download-page",
    "/portal/profile",
  ],
};

interface Mode {
  name: string;
  cookies: Record<string, string>;
  /** A language other than English, whose pages must show no English. */
  language?: TargetLanguage;
}
const MODES: Mode[] = [
  { name: "light", cookies: { theme: "light" } },
  { name: "dark", cookies: { theme: "dark" } },
  { name: "right-to-left", cookies: { theme: "light", language: "ar", direction: "rtl" }, language: "ar" },
  { name: "French", cookies: { theme: "light", language: "fr", direction: "ltr" }, language: "fr" },
];

/** A context whose preference cookies say `mode`, with CSP bypassed so the injected axe script may run. */
async function contextFor(browser: Browser, mode: Mode): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true, locale: "en-US" });
  const url = new URL(baseUrl());
  await context.addCookies(
    Object.entries(mode.cookies).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: url.hostname,
      path: "/",
    })),
  );
  return context;
}

describe("accessibility (axe-core)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const mode of MODES) {
    const english = mode.language ? ", and no English" : "";
    it(`has no serious or critical violation on the main pages in ${mode.name}${english}`, async () => {
      const problems: string[] = [];
      for (const who of ["anonymous", "admin", "client"] as Who[]) {
        const context = await contextFor(browser, mode);
        if (who === "admin") await signInContext(context, ADMIN, "/dashboards/crm");
        if (who === "client") await signInContext(context, CLIENT, "/access-control");
        const page = await context.newPage();
        for (const path of PAGES[who]) {
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          // Judge the page's own content rather than a loading state, when it says it is busy.
          await page
            .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 3_000 })
            .catch(() => undefined);
          if (mode.name === "right-to-left") {
            expect(await page.evaluate(() => document.documentElement.dir), `${path} direction`).toBe("rtl");
          }
          for (const v of await seriousViolations(page)) problems.push(`${who} ${path}: ${v}`);
          if (mode.language)
            for (const text of await englishOnPage(page, mode.language)) problems.push(`${who} ${path}: ${text}`);
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 240_000);
  }
});

describe("keyboard only", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Presses Tab until `test` holds for the focused element (at most `max` times). */
  async function tabTo(page: Page, test: string, max: number): Promise<boolean> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(test)) return true;
    }
    return false;
  }

  it("signs in with Tab and Enter, then opens a menu entry from the keyboard", async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect(await tabTo(page, `document.activeElement?.matches('input[type="email"], input[name="email"]') ?? false`, 30)).toBe(
      true,
    );
    await page.keyboard.type(ADMIN.email);
    expect(await tabTo(page, `document.activeElement?.matches('input[type="password"]') ?? false`, 5)).toBe(true);
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboards/crm");

    await page.waitForLoadState("networkidle");
    const start = new URL(page.url()).pathname;
    // Tab through the menu; a closed group (details/summary) is opened with Enter, as a keyboard user would.
    let reached = false;
    for (let i = 0; i < 100 && !reached; i++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate((start) => {
        const el = document.activeElement;
        if (!el?.closest("nav")) return "outside";
        if (el.matches("summary") && !(el.parentElement as HTMLDetailsElement).open) return "closed group";
        const href = el.getAttribute("href");
        return el.matches("a[href]") && href !== start && href!.startsWith("/") ? "link" : "other";
      }, start);
      if (focus === "closed group") await page.keyboard.press("Enter");
      reached = focus === "link";
    }
    expect(reached, "a menu link is reachable from the keyboard").toBe(true);
    const target = await page.evaluate(() => document.activeElement!.getAttribute("href")!);
    const focusVisible = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== "none" || style.boxShadow !== "none";
    });
    expect(focusVisible, "the focused menu link shows a focus ring").toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**${target}`);
    await context.close();
  });
});
