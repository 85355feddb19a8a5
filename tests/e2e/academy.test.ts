import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../web/src/features/academy/locales/ar.json";
import en from "../../web/src/features/academy/locales/en.json";
import { ADMIN, baseUrl, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 43 item 1: the guides in a real browser. The academy's routes render for the admin without a page
 * error; an article written in the admin in French shows in the French help center; the academy fits a 390 px
 * phone in English and Arabic with no serious axe violation.
 */

const ROUTES = [
  "/apps/academy/dashboard",
  "/apps/academy/my-course",
  "/apps/academy/course-details?course=buying",
  "/dashboards/academy",
];

describe("guides (issue 43 item 1)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders the academy's routes for the admin without a page error", async () => {
    const { page, errors, context } = await newPage(browser);
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    const titles: Record<string, string> = {
      "/apps/academy/dashboard": en.title,
      "/apps/academy/my-course": en.myCourseTitle,
      "/apps/academy/course-details?course=buying": "Buying and paying",
      "/dashboards/academy": en.statsTitle,
    };
    for (const path of ROUTES) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: titles[path] }).waitFor({ timeout: 15_000 });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows in the French help center an article the admin wrote in French", async () => {
    const { page, errors, context } = await newPage(browser);
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    const slug = `guide-${Date.now().toString(36)}`;
    await page.goto("/apps/academy/article-editor");
    await page.getByLabel(en.slug, { exact: false }).first().fill(slug);
    await page.getByLabel("Title (English)", { exact: false }).fill("Paying from abroad");
    await page.getByRole("textbox", { name: "Text (English)" }).click();
    await page.keyboard.type("How to pay from another country.");
    await page.getByRole("tab", { name: en.languageName.fr }).click();
    await page.getByLabel("Title (French)", { exact: false }).fill("Payer depuis l’étranger");
    await page.getByRole("textbox", { name: "Text (French)" }).click();
    await page.keyboard.type("Comment payer depuis un autre pays.");
    await page.getByText(en.published, { exact: true }).click();
    await page.getByRole("button", { name: en.save }).click();
    await page.getByText("The article is saved.").waitFor();

    const visitor = await browser.newContext({ baseURL: baseUrl(), locale: "fr-FR" });
    const host = new URL(baseUrl()).hostname;
    await visitor.addCookies([{ name: "language", value: encodeURIComponent(JSON.stringify("fr")), domain: host, path: "/" }]);
    const reader = await visitor.newPage();
    const readerErrors: string[] = [];
    reader.on("pageerror", (e) => readerErrors.push(String(e)));
    await reader.goto("/front-pages/help-center");
    await reader.getByRole("link", { name: "Payer depuis l’étranger" }).click();
    await reader.getByRole("heading", { level: 1, name: "Payer depuis l’étranger" }).waitFor();
    await reader.getByText("Comment payer depuis un autre pays.").waitFor();
    expect(readerErrors).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  }, 120_000);

  for (const language of ["en", "ar"] as const) {
    it(`fits a 390 px phone in ${language === "ar" ? "Arabic, right to left" : "English"}, with no serious axe violation`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, ADMIN);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const texts = language === "ar" ? ar : en;
      const problems: string[] = [];
      for (const [path, title] of [
        ["/apps/academy/dashboard", texts.title],
        ["/dashboards/academy", texts.statsTitle],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1, name: title }).waitFor({ timeout: 15_000 });
        await page.locator(".loading").first().waitFor({ state: "detached", timeout: 15_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 1) problems.push(`${path}: ${overflow} px wider than the phone`);
        if (language === "ar" && (await page.evaluate(() => document.documentElement.dir)) !== "rtl")
          problems.push(`${path}: not rtl`);
        for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
