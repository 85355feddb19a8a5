import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../web/src/features/fleet/locales/ar.json";
import en from "../../web/src/features/fleet/locales/en.json";
import { ADMIN, apiFromPage, launch, signInContext, phoneContext } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 42 item 2: the vendor fleet in a real browser, on a 390 px phone in English and in Arabic (right
 * to left): the cards fit, axe finds nothing serious, and an account is paused and resumed from its card
 * after confirming.
 */

/** A 390 px phone signed in as the admin, in a language and its direction. */
async function phone(browser: Browser, language: "en" | "ar"): Promise<BrowserContext> {
  const context = await phoneContext(browser, language);
  await signInContext(context, ADMIN);
  return context;
}

describe("the vendor fleet (issue 42 item 2)", () => {
  let browser: Browser;
  const vendorName = `Fleet phone ${Date.now().toString(36)}`;
  beforeAll(async () => {
    browser = await launch();
    // A site and an account of this test's own, so pausing it touches no other test's jobs.
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await page.goto("/apps/logistics/fleet");
    const { site } = await apiFromPage<{ site: { siteId: number } }>(page, "updatesite", {
      siteName: `${vendorName} site`,
      siteDesc: "The fleet's e2e site",
      sitePrice: 1,
      siteIsUse: true,
    });
    await apiFromPage(page, "updatevendor", {
      vendorSiteID: site.siteId,
      vendorName,
      vendorIsActive: true,
      loginMethod: "cookie",
      vendorValue: "session=fleet-e2e",
    });
    await context.close();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [language, texts] of [
    ["en", en],
    ["ar", ar],
  ] as const) {
    it(`fits a 390 px phone in ${language}, passes axe, and pauses and resumes an account after confirming`, async () => {
      const context = await phone(browser, language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto("/apps/logistics/fleet");
      await page.getByRole("heading", { level: 1, name: texts.title }).waitFor();
      const card = page.getByRole("article", { name: vendorName });
      await card.getByText(texts.active, { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      if (language === "ar") expect(await englishOnPage(page, "ar")).toEqual([]);

      // Declining the confirmation changes nothing; confirming pauses.
      await card.getByRole("button", { name: `${texts.pause} ${vendorName}` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: texts.pause }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await card.getByText(texts.active, { exact: true }).waitFor();
      await card.getByRole("button", { name: `${texts.pause} ${vendorName}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: texts.pause }).click();
      await card.getByText(texts.paused, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Resumed, as a reload shows.
      await card.getByRole("button", { name: `${texts.resume} ${vendorName}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: texts.resume }).click();
      await card.getByText(texts.active, { exact: true }).waitFor();
      await page.reload();
      await page.getByRole("article", { name: vendorName }).getByText(texts.active, { exact: true }).waitFor();

      // The logistics dashboard on the same phone.
      await page.goto("/dashboards/logistics");
      await page.getByRole("heading", { level: 1, name: texts.dashboardTitle }).waitFor();
      await page.getByRole("region", { name: texts.summary }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
