import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import authEn from "../../web/src/features/auth/locales/en.json";
import paymentEn from "../../web/src/features/payment/locales/en.json";
import { ADMIN, CLIENT, baseUrl, launch, signInContext, signInRequest } from "./browser";

/**
 * Issue 45 items 5–8 in the browser: what a visitor, a payer, a client and an admin found, at a phone's
 * width (390 × 844) in English and Arabic.
 */

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, language: "en" | "ar"): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, isMobile: true, hasTouch: true });
  if (language === "ar") {
    const domain = new URL(baseUrl()).hostname;
    await context.addCookies(
      Object.entries({ language: "ar", direction: "rtl" }).map(([name, value]) => ({
        name,
        value: encodeURIComponent(JSON.stringify(value)),
        domain,
        path: "/",
      })),
    );
  }
  return context;
}

describe("rough edges (issue 45 items 5–8)", () => {
  let browser: Browser;
  let paidReference: string;

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ baseURL: baseUrl() });
    expect((await signInRequest(context.request, ADMIN)).ok()).toBe(true);
    const paid = await context.request.post("/api/search-payment", { data: { status: "paid", limit: 1 } });
    paidReference = ((await paid.json()) as { data: { referenceId: string }[] }).data[0]!.referenceId;
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ["en", "ar"] as const) {
    it(`fits the site name in the phone header, not cut (${language})`, async () => {
      const context = await phone(browser, language);
      await signInContext(context, CLIENT);
      const page = await context.newPage();
      await page.goto("/portal/dashboard");
      const name = page.getByTestId("navbar-site-name");
      await name.waitFor();
      const box = await name.evaluate((el) => ({
        text: el.textContent,
        clippedWide: el.scrollWidth > el.clientWidth + 1,
        clippedTall: el.scrollHeight > el.clientHeight + 1,
      }));
      expect(box).toEqual({ text: "Edge Portal", clippedWide: false, clippedTall: false });
      await context.close();
    });
  }

  it("sends a visitor of /pages/pricing and /pages/faq to the public pages, and links sign-in to them", async () => {
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await page.goto("/pages/pricing");
    // The app changes the address itself (history.replaceState): no new document to wait for.
    const at = (path: string) => expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await at("/front-pages/pricing");
    await page.goto("/pages/faq");
    await at("/front-pages/faq");
    // The sign-in page links to both. (A click on a link of the prerendered /login page, "Forgot
    // password?" as much as these, did not navigate in this headless browser: reported, not asserted.)
    await page.goto("/login");
    for (const [name, path] of [
      [authEn.pricingLink, "/front-pages/pricing"],
      [authEn.helpLink, "/front-pages/help-center"],
    ] as const) {
      const href = await page.getByRole("link", { name }).getAttribute("href");
      expect(href).toBe(path);
    }
    await context.close();
  });

  it("shows the demo bundles by name, and a phone's pricing page only the first cards of each section", async () => {
    const context = await phone(browser, "ar");
    const page = await context.newPage();
    await page.goto("/front-pages/pricing");
    await page.getByTestId("bundle-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    const titles = await page.getByTestId("bundle-card").locator("h3").allTextContents();
    expect(titles.some((title) => title.includes("البداية"))).toBe(true);
    const visibleCards = await page.locator('[data-testid$="-card"]:visible').count();
    expect(visibleCards).toBeLessThanOrEqual(6);
    const showAll = page.getByTestId("show-all");
    if ((await showAll.count()) > 0) {
      await showAll.first().click();
      expect(await page.locator('[data-testid$="-card"]:visible').count()).toBeGreaterThan(visibleCards);
    }
    await context.close();
  });

  it("gives an anonymous payer the invoice PDF of a paid payment, and Home goes to the landing page", async () => {
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await page.goto(`/payment/${paidReference}`);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: paymentEn.downloadInvoice }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
    await page.getByRole("link", { name: paymentEn.backHome }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/front-pages/landing-page");
    await context.close();
  });
});
