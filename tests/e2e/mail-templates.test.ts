import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../web/src/features/mailtemplates/locales/ar.json";
import en from "../../web/src/features/mailtemplates/locales/en.json";
import { ADMIN, apiFromPage, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 41 item 6 in a real browser: an admin rewords a mail, previews it filled in, is refused an unknown
 * placeholder under the field, saves; the page fits a 390 px phone in English and Arabic, axe-clean.
 */

const PAGE = "/apps/ecommerce/mail-templates";

/** A 390 px phone signed in as the admin, in `language`. */
async function phone(browser: Browser, language: "en" | "ar"): Promise<BrowserContext> {
  const context = await phoneContext(browser, language);
  await signInContext(context, ADMIN);
  return context;
}

describe("mail templates (issue 41 item 6)", () => {
  let browser: Browser;
  let saved = false;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    // The run's server is shared: the standard text goes back.
    if (saved) {
      const { page } = await newPage(browser);
      await signIn(page, ADMIN, { home: "/dashboards/crm" });
      await apiFromPage(page, "reset-mail-template", { kind: "reset", language: "en" });
    }
    await browser?.close();
  });

  it("an admin rewords the password-reset mail, previews it and saves it", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN, { home: "/dashboards/crm" });
    const page = admin.page;
    await page.goto(PAGE);
    await page.getByRole("heading", { level: 1, name: en.title }).waitFor();
    await page.getByLabel(en.kind, { exact: true }).selectOption("reset");
    await page.getByRole("heading", { level: 2, name: en.kindName.reset }).waitFor();
    const subject = page.getByLabel(en.subject);
    const body = page.getByLabel(en.body);
    await subject.fill("{{site}}: choose a new password");
    await body.fill("Hi {{name}},\n\nOpen the link below within the hour.");
    await page.getByRole("button", { name: en.preview }).click();
    const preview = page.getByRole("region", { name: en.previewTitle });
    await preview.getByText("Open the link below within the hour.").waitFor();
    expect(await preview.textContent()).not.toContain("{{");
    expect(await preview.textContent()).toContain(": choose a new password");

    await body.fill("Hi {{nmae}},");
    await page.getByRole("button", { name: en.save }).click();
    // Under the field (and in the error snackbar): the placeholder named as typed.
    await page.getByRole("alert").filter({ hasText: "This mail has no placeholder {{nmae}}." }).waitFor();
    expect(await body.inputValue()).toBe("Hi {{nmae}},");

    await body.fill("Hi {{name}},\n\nOpen the link below within the hour.");
    await page.getByRole("button", { name: en.save }).click();
    saved = true;
    await page.getByTestId("snackbar").filter({ hasText: "Mail template saved" }).waitFor();
    await page.getByText(en.customised, { exact: true }).waitFor();
    expect(admin.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await admin.context.close();
  }, 90_000);

  for (const language of ["en", "ar"] as const) {
    it(`fits a 390 px phone in ${language === "en" ? "English" : "Arabic"}, with its preview, and no serious axe violation`, async () => {
      const texts = language === "en" ? en : ar;
      const context = await phone(browser, language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(PAGE);
      await page.getByRole("heading", { level: 1, name: texts.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      await page.getByRole("tab", { name: texts.language.ar }).click();
      await page.getByRole("button", { name: texts.preview }).click();
      await page.getByText(texts.fromOutbox).or(page.getByText(texts.fromSample)).waitFor();
      const problems: string[] = [];
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`${width} px wide`);
      problems.push(...(await seriousViolations(page)));
      if (language === "ar") problems.push(...(await englishOnPage(page, "ar")));
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
