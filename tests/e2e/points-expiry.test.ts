import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, launch, newPage, signIn, phoneContext } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 40 item 4 in a real browser: a client buys a bundle whose points expire (the admin confirms the
 * transfer), and the quota page shows what expires when on a 390 px phone in English and Arabic, with no
 * serious axe violation.
 */

describe("points that expire in a real browser (issue 40)", () => {
  let browser: Browser;
  const tag = Math.random().toString(36).slice(2, 8);
  const client = { name: `Rania ${tag}`, email: `expiry-${tag}@example.test`, password: `Pass-word-${tag}` };

  beforeAll(async () => {
    browser = await launch();
    // The client registers, buys a bundle valid 30 days by transfer, and the admin confirms it.
    const buyer = await newPage(browser);
    await buyer.page.goto("/register");
    await buyer.page.getByLabel("Full name").fill(client.name);
    await buyer.page.getByLabel("Email").fill(client.email);
    await buyer.page.getByLabel("Password", { exact: true }).fill(client.password);
    await buyer.page.getByLabel("Confirm password").fill(client.password);
    await buyer.page.getByRole("button", { name: "Sign up" }).click();
    await buyer.page.waitForURL((url) => !url.pathname.startsWith("/register"));
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN, { home: "/dashboards/crm" });
    const created = await apiFromPage<{ bundle: { bundleId: number } }>(admin.page, "updatebundle", {
      bundleId: 0,
      bundlePoin: 35,
      bundlePPP: 10,
      bundleDisc: 0,
      bundleIsActive: true,
      bundleValidDays: 30,
    });
    const checkout = await apiFromPage<{ referenceId: string }>(buyer.page, "checkout", {
      kind: "bundle",
      refId: created.bundle.bundleId,
    });
    const confirmed = await apiFromPage<{ message: string }>(admin.page, "confirm-payment", {
      referenceId: checkout.referenceId,
    });
    expect(confirmed.message).toContain("Payment confirmed");
    // Out of the shop again, so other tests' bundle lists stay as they were.
    await apiFromPage(admin.page, "updatebundle", { ...created.bundle, bundleIsActive: false });
    await buyer.context.close();
    await admin.context.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ["en", "ar"] as const) {
    it(`shows what expires when on a 390 px phone in ${language === "en" ? "English" : "Arabic"}, axe clean`, async () => {
      const context = await phoneContext(browser, language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await signIn(page, client);
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      await page.goto("/portal/quota");
      const card = page.getByTestId("quota-expiries");
      const item = card.getByRole("listitem");
      await item.first().waitFor();
      await page.waitForLoadState("networkidle");
      const expected = new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(Date.now() + 30 * 86_400_000));
      const text = (await item.first().textContent()) ?? "";
      expect(text).toContain(expected);
      expect(text).toContain(language === "en" ? "35 points" : new Intl.NumberFormat("ar").format(35));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      const problems: string[] = [];
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`${width} px wide`);
      problems.push(...(await seriousViolations(page)));
      if (language === "ar") problems.push(...(await englishOnPage(page, "ar")));
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
