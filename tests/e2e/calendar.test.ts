import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../web/src/features/calendar/locales/ar.json";
import en from "../../web/src/features/calendar/locales/en.json";
import { ADMIN, apiFromPage, baseUrl, launch, signInContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 42 item 1: the calendar in a real browser (FullCalendar renders here, not in happy-dom). The month view
 * on a desktop and the list on a 390 px phone, in English and in Arabic (right to left), show a coupon's last
 * day; no page error, no serious axe violation, nothing wider than the phone.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function contextIn(browser: Browser, language: "en" | "ar", phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true, locale: language, ...(phone ? PHONE : {}) });
  const host = new URL(baseUrl()).hostname;
  await context.addCookies(
    Object.entries({ theme: "light", language, direction: language === "ar" ? "rtl" : "ltr" }).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: host,
      path: "/",
    })),
  );
  await signInContext(context, ADMIN);
  return context;
}

describe("the calendar (issue 42 item 1)", () => {
  let browser: Browser;
  let code: string;
  beforeAll(async () => {
    browser = await launch();
    // A coupon whose last day is today: in this month's view and list whatever the date.
    const context = await contextIn(browser, "en", false);
    const page = await context.newPage();
    await page.goto("/apps/calendar");
    const answer = await apiFromPage<{ codes: string[] }>(page, "generate-coupons", {
      couponQuota: 5,
      couponExpired: new Date().toISOString().slice(0, 10),
      couponPrefix: "CAL",
    });
    code = answer.codes[0]!;
    await context.close();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [language, texts] of [
    ["en", en],
    ["ar", ar],
  ] as const) {
    it(`shows the month view in ${language}, opens an event's page, and axe finds nothing serious`, async () => {
      const context = await contextIn(browser, language, false);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto("/apps/calendar");
      await page.getByRole("heading", { level: 1, name: texts.title }).waitFor();
      await page.locator(".fc-dayGridMonth-view").waitFor();
      await page.locator(".fc-event", { hasText: code }).first().waitFor();
      expect(await page.locator(".fc").getAttribute("class")).toContain(
        language === "ar" ? "fc-direction-rtl" : "fc-direction-ltr",
      );
      await page.getByLabel(texts.feedAddress).and(page.locator('[value*="/api/calendar/"]')).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(".fc-event", { hasText: code }).first().click();
      await page.waitForURL("**/portal/coupon");
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);

    it(`opens on the list at 390 px in ${language}, then the month, no wider than the phone, and axe finds nothing serious`, async () => {
      const context = await contextIn(browser, language, true);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto("/apps/calendar");
      await page.locator(".fc-list").waitFor();
      await page.locator(".fc-list-event", { hasText: code }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      // The month view fits the phone too.
      await page.locator(".fc-dayGridMonth-button").click();
      await page.locator(".fc-dayGridMonth-view .fc-event", { hasText: code }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
