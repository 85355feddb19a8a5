import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGES } from "../../web/src/features/styleguide/catalogue";
import ar from "../../web/src/features/styleguide/locales/ar.json";
import en from "../../web/src/features/styleguide/locales/en.json";
import { ADMIN, baseUrl, CLIENT, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 43 item 4: the living style guide in a real browser. Every page opens for the admin with its
 * heading, its demo and no page error; a client is refused; axe finds nothing serious on a few pages, in the
 * demo area's light and dark, LTR and RTL; and two pages fit a 390 px phone in Arabic.
 */

/** Moves to a path as the app's own links do (no reload), then waits for the page's heading and its demo's states. */
async function visit(page: Page, path: string, title: string) {
  await page.evaluate((to) => history.pushState(null, "", to), path);
  await page.getByRole("heading", { level: 1, name: title }).waitFor({ timeout: 10_000 });
  await page.locator('[data-testid="styleguide-demo"] figure').first().waitFor({ timeout: 10_000 });
}

const titleOf = (texts: typeof en, slug: (typeof PAGES)[number]["slug"]) => texts.page[slug].title;

describe("the living style guide (issue 43 item 4)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens every style-guide page for the admin with its heading, demo and code, without a page error", async () => {
    const { page, errors, context } = await newPage(browser);
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    const menu = page.getByRole("navigation", { name: "Main menu" });
    // "Living": the seeded "Style guide pack" item must not read as this menu's English on an Arabic page.
    await menu.getByRole("heading", { name: "Living style guide" }).waitFor();
    const problems: string[] = [];
    for (const { path, slug } of PAGES) {
      try {
        await visit(page, path, titleOf(en, slug));
        if (new URL(page.url()).pathname !== path) problems.push(`${path}: landed on ${page.url()}`);
        if (!(await page.locator("pre code").textContent())?.trim()) problems.push(`${path}: no code`);
      } catch (error) {
        problems.push(`${path}: ${String(error).split("\n")[0]}`);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("refuses a client", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, CLIENT, { home: "/access-control" });
    await page.goto("/components/button");
    await page.waitForURL("**/not-authorized");
    await context.close();
  });

  it("has no serious axe violation on a few pages, in the demo area's light and dark, left to right and right to left", async () => {
    // CSP bypassed so the injected axe script may run.
    const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true, locale: "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    const problems: string[] = [];
    for (const slug of ["button", "form-validation", "data-table", "icons", "apex-chart"] as const) {
      const { path } = PAGES.find((p) => p.slug === slug)!;
      await visit(page, path, titleOf(en, slug));
      for (const v of await seriousViolations(page)) problems.push(`${path} light: ${v}`);
      await page.getByRole("button", { name: en.ui.dark, exact: true }).click();
      await page.getByRole("button", { name: en.ui.rtl }).click();
      const demo = page.getByTestId("styleguide-demo");
      expect(await demo.getAttribute("data-theme")).toBe("dark");
      expect(await demo.getAttribute("dir")).toBe("rtl");
      // The rest of the page keeps the reader's own theme and direction.
      expect(await page.evaluate(() => document.documentElement.dir)).not.toBe("rtl");
      for (const v of await seriousViolations(page)) problems.push(`${path} dark rtl: ${v}`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("fits a 390 px phone in Arabic on two pages, right to left, with no English and no serious axe violation", async () => {
    const context = await phoneContext(browser, "ar");
    await signInContext(context, ADMIN);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const problems: string[] = [];
    for (const slug of ["textfield", "data-table"] as const) {
      const { path } = PAGES.find((p) => p.slug === slug)!;
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: titleOf(ar, slug) }).waitFor();
      await page.locator('[data-testid="styleguide-demo"] figure').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.getByTestId("styleguide-demo").getAttribute("dir")).toBe("rtl");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`${path}: ${width} px wide`);
      for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
      for (const text of await englishOnPage(page, "ar")) problems.push(`${path}: ${text}`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
