import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { englishOnPage } from "./untranslated";
import { seriousViolations } from "./axe";

/**
 * Issue 41 items 3 and 4 in a real browser: a client's invite link brings a new client whose first
 * payment (a transfer the admin confirms) credits the referrer; a client who bought an item reviews it,
 * staff publish it and the shop shows it with the average; the new pages fit a 390 px phone in English
 * and Arabic with no serious axe violation.
 */

const REWARD = 100;

/** Registers a new client through the register page at `path` (an invite link or /register); they stay signed in. */
async function register(page: Page, path: string, tag: string) {
  const person = { name: `Noor ${tag}`, email: `client-${tag}@example.test`, password: `Pass-word-${tag}` };
  await page.goto(path);
  await page.getByRole("heading", { name: "Create your account" }).waitFor();
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/register"));
  return person;
}

/** The signed-in client of `page` buys `order` by transfer; the admin of `adminPage` confirms it. */
async function buyAndConfirm(page: Page, adminPage: Page, order: { kind: "item" | "bundle"; refId: number }) {
  const checkout = await apiFromPage<{ referenceId: string }>(page, "checkout", order);
  const confirmed = await apiFromPage<{ message: string }>(adminPage, "confirm-payment", { referenceId: checkout.referenceId });
  expect(confirmed.message).toContain("Payment confirmed");
}

const tagOf = () => Math.random().toString(36).slice(2, 8);

describe("referrals and reviews in a real browser (issue 41)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a referred client's first payment, confirmed by the admin, credits the referrer", async () => {
    const tag = tagOf();
    const referrer = await newPage(browser);
    await register(referrer.page, "/register", `a${tag}`);
    await referrer.page.goto("/portal/profile");
    const invite = referrer.page.getByRole("region", { name: "Invite" });
    const link = await invite.getByLabel("Your invite link").inputValue();
    expect(link).toMatch(/\/register\?ref=[2-9A-Z]{8}$/);
    expect(await invite.getByTestId("referral-earned").textContent()).toContain("0");

    const referee = await newPage(browser);
    const newcomer = await register(referee.page, new URL(link).pathname + new URL(link).search, `b${tag}`);
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN, { home: "/dashboards/crm" });
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number }> }>(referee.page, "searchbundle", { limit: 5, page: 1 });
    await buyAndConfirm(referee.page, admin.page, { kind: "bundle", refId: bundles.data[0]!.bundleId });

    await referrer.page.reload();
    await referrer.page.getByRole("region", { name: "Invite" }).getByTestId("referral-count").filter({ hasText: "1" }).waitFor();
    expect(await referrer.page.getByTestId("referral-earned").textContent()).toContain(String(REWARD));

    await admin.page.goto("/apps/ecommerce/referrals");
    const row = admin.page.getByRole("row").filter({ hasText: newcomer.name });
    await row.getByText("Rewarded").waitFor();
    for (const p of [referrer, referee, admin]) {
      expect(p.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
      await p.context.close();
    }
  }, 120_000);

  it("a client who bought an item reviews it, staff publish it, and the shop shows it with the average", async () => {
    const tag = tagOf();
    const client = await newPage(browser);
    await register(client.page, "/register", `r${tag}`);
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN, { home: "/dashboards/crm" });
    const items = await apiFromPage<{ data: Array<{ itemId: number; itemName: string }> }>(client.page, "searchitem", {
      search: "",
      sort: "newest",
      limit: 12,
      page: 1,
    });
    const item = items.data[0]!;
    await buyAndConfirm(client.page, admin.page, { kind: "item", refId: item.itemId });

    const text = `Clear and quick ${tag}`;
    await client.page.goto("/portal/item");
    const card = client.page.getByTestId("item-card").filter({ hasText: item.itemName }).first();
    await card.getByRole("button", { name: "Reviews" }).click();
    const dialog = client.page.getByRole("dialog", { name: `Reviews of ${item.itemName}` });
    await dialog.getByLabel("Your rating").selectOption("5");
    await dialog.getByLabel("Your review").fill(text);
    await dialog.getByRole("button", { name: "Send the review" }).click();
    await dialog.getByText("Your review waits for moderation.").waitFor();

    await admin.page.goto("/apps/ecommerce/manage-review");
    await admin.page.getByLabel("Status").selectOption("pending");
    const row = admin.page.getByRole("row").filter({ hasText: text });
    await row.getByRole("button", { name: /^Publish the review by/ }).click();
    await admin.page.getByTestId("snackbar").filter({ hasText: "The review is published." }).waitFor();

    await client.page.reload();
    await client.page
      .getByTestId("item-card")
      .filter({ hasText: item.itemName })
      .first()
      .getByRole("button", { name: "Reviews" })
      .click();
    const shown = client.page.getByRole("dialog", { name: `Reviews of ${item.itemName}` });
    await shown.getByTestId("review").filter({ hasText: text }).waitFor();
    expect(await shown.getByTestId("review-average").textContent()).toMatch(/out of 5/);
    for (const p of [client, admin]) {
      expect(p.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
      await p.context.close();
    }
  }, 120_000);

  for (const language of ["en", "ar"] as const) {
    it(`fits a 390 px phone in ${language === "en" ? "English" : "Arabic"} on the new pages, with no serious axe violation`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, ADMIN);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const problems: string[] = [];
      for (const path of ["/apps/ecommerce/referrals", "/apps/ecommerce/manage-review", "/portal/profile"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${path}: ${width} px wide`);
        for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
        if (language === "ar") for (const text of await englishOnPage(page, "ar")) problems.push(`${path}: ${text}`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
