import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, baseUrl, launch, newPage, signInContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 41 items 1 and 5: the store's back office opens for an admin on seeded data, every page without
 * a page error, and fits a 390 px phone in English and in Arabic (right to left) with no serious axe
 * violation.
 */

/** The store's pages, the parameterised ones with a seeded paid order and client. */
async function storePaths(page: Page): Promise<string[]> {
  const paid = await apiFromPage<{ data: Array<{ referenceId: string }> }>(page, "search-payment", { status: "paid", limit: 1 });
  const customers = await apiFromPage<{ data: Array<{ userId: number }> }>(page, "search-customer", { limit: 1 });
  expect(paid.data.length, "a seeded paid order").toBe(1);
  expect(customers.data.length, "a seeded client").toBe(1);
  return [
    "/dashboards/ecommerce",
    "/apps/ecommerce/dashboard",
    "/apps/ecommerce/product/list",
    "/apps/ecommerce/product/add",
    "/apps/ecommerce/product/category-list",
    "/apps/ecommerce/order/list",
    `/apps/ecommerce/order/details/${paid.data[0]!.referenceId}`,
    "/apps/ecommerce/customer/list",
    `/apps/ecommerce/customer/details/${customers.data[0]!.userId}`,
  ];
}

/** Opens a page and waits until it shows its heading and nothing is loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("main h1").first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelectorAll(".loading").length === 0, null, { timeout: 15_000 });
}

async function phoneContext(browser: Browser, language: "en" | "ar"): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    locale: language === "en" ? "en-US" : "ar",
  });
  const host = new URL(baseUrl()).hostname;
  const cookies = language === "ar" ? { theme: "light", language: "ar", direction: "rtl" } : { theme: "light" };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: host,
      path: "/",
    })),
  );
  await signInContext(context, ADMIN);
  return context;
}

describe("the store's back office (issue 41)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens every page for the admin without a page error, with the menu entry", async () => {
    const { page, errors, context } = await newPage(browser);
    await signInContext(context, ADMIN);
    await page.goto("/dashboards/crm");
    const problems: string[] = [];
    for (const path of await storePaths(page)) {
      try {
        await open(page, path);
        if (new URL(page.url()).pathname !== path) problems.push(`${path}: landed on ${page.url()}`);
      } catch (error) {
        problems.push(`${path}: ${String(error).split("\n")[0]}`);
      }
    }
    // An order's details show its timeline from the audit rows.
    await open(page, (await storePaths(page))[6]!);
    await page.getByRole("heading", { name: "Timeline" }).waitFor();
    await page.getByRole("navigation", { name: "Main menu" }).getByText("E-commerce").first().waitFor();
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  for (const language of ["en", "ar"] as const) {
    it(`fits a 390 px phone in ${language === "en" ? "English" : "Arabic"} with no serious axe violation`, async () => {
      const context = await phoneContext(browser, language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto("/dashboards/crm");
      const problems: string[] = [];
      for (const path of await storePaths(page)) {
        await open(page, path);
        if (language === "ar" && (await page.evaluate(() => document.documentElement.dir)) !== "rtl")
          problems.push(`${path}: not rtl`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${path}: ${width} px wide`);
        for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
