import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 40 item 3 in a real browser: a client with a running plan opens the profile's plan-upgrade dialog,
 * picks another plan and sees the prorated amount before paying, then lands on the one payment's page; the
 * dialog fits a 390 px phone in English and Arabic with no serious axe violation.
 */

describe("plan change from the profile dialog", () => {
  let browser: Browser;
  const tag = Date.now().toString(36);
  // The cheapest items, so the dialog's first page of plans (cheapest first) lists them.
  const basic = `Basic ${tag}`;
  const pro = `Pro ${tag}`;
  const person = { name: `Plan Changer ${tag}`, email: `planchange-${tag}@example.test`, password: `Plan-change-${tag}` };

  beforeAll(async () => {
    browser = await launch();
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    const itemOf = (itemName: string, itemPrice: number) =>
      apiFromPage<{ item: { itemId: number } }>(admin.page, "updateitem", {
        itemId: 0,
        itemName,
        itemPrice,
        itemDuration: 30,
        itemUrl: "https://example.test",
      });
    const basicItem = await itemOf(basic, 30);
    await itemOf(pro, 50);
    // Registered from a page of its own: register signs the new client in there.
    const visitor = await newPage(browser);
    await visitor.page.goto("/login");
    const registered = await apiFromPage<{ userData: { userId: number } }>(visitor.page, "register", {
      userName: person.name,
      userEmail: person.email,
      password: person.password,
    });
    await visitor.context.close();
    await apiFromPage(admin.page, "add-payment", {
      userId: registered.userData.userId,
      lines: [{ kind: "item", refId: basicItem.item.itemId, qty: 1 }],
    });
    await admin.context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the prorated amount before paying, then goes to the plan change's payment page", async () => {
    const client = await newPage(browser);
    await signIn(client.page, person);
    await client.page.waitForURL("**/access-control");
    await client.page.goto("/pages/user-profile/plan");
    await client.page.getByRole("button", { name: "Upgrade plan" }).click();
    const dialog = client.page.getByRole("dialog", { name: "Upgrade plan" });
    await dialog.locator("li", { hasText: basic }).getByText("Your plan").waitFor();
    await dialog.locator("li", { hasText: pro }).getByRole("button", { name: "Switch to this plan" }).click();
    const confirm = client.page.getByRole("dialog", { name: "Switch plan?" });
    // Bought now, 29 whole days are left of 30: a credit of 29 cents on 30, 21 cents to pay on 50.
    await confirm.getByText(`Credit for 29 unused days of ${basic}: −$0.29.`, { exact: false }).waitFor();
    await expect.poll(() => confirm.textContent()).toContain("To pay now: $0.21.");
    await confirm.getByRole("button", { name: "Continue to payment" }).click();
    await client.page.waitForURL("**/payment/*");
    const referenceId = new URL(client.page.url()).pathname.split("/").pop()!;
    const payment = await apiFromPage<{ amount: number; status: string }>(client.page, "payment-detail", { referenceId });
    expect(payment).toMatchObject({ amount: 21, status: "pending" });
    expect(client.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await client.context.close();
  }, 120_000);

  for (const language of ["en", "ar"] as const) {
    it(`the dialog fits a 390 px phone in ${language === "en" ? "English" : "Arabic"}, with no serious axe violation`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, person);
      const page = await context.newPage();
      await page.goto("/pages/user-profile/plan");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByRole("button", { name: language === "en" ? "Upgrade plan" : "ترقية الباقة" }).click();
      await page.getByRole("dialog").locator("li", { hasText: basic }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      const problems: string[] = [];
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`${width} px wide`);
      problems.push(...(await seriousViolations(page)));
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
