import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import accountAr from "../../web/src/features/account/locales/ar.json";
import accountEn from "../../web/src/features/account/locales/en.json";
import usersAr from "../../web/src/features/users/locales/ar.json";
import usersEn from "../../web/src/features/users/locales/en.json";
import layoutAr from "../../web/src/i18n/locales/layout/ar.json";
import { ADMIN, apiFromPage, launch, newPage, phoneContext, signIn, signInContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 39 item 4 in a real browser (decision 0033): staff start a view as a client from the user's page,
 * the banner shows on every page, a write fails with the read-only message, End brings the staff back; the
 * banner fits a 390 px phone in English and Arabic with no serious axe violation.
 */

/** A fresh client made by the admin signed in on `page`: its id and name. */
async function newClient(page: Page): Promise<{ userId: number; name: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Viewed ${tag}`;
  const made = await page.request.post("/api/updateuser", {
    multipart: {
      userId: "0",
      userName: name,
      userEmail: `viewed-${tag}@example.test`,
      userPW: `Viewed-pass-${tag}`,
      userRole: "client",
      userIsActive: "true",
      userPhone: "",
    },
  });
  expect(made.status()).toBe(200);
  return { userId: ((await made.json()) as { user: { userId: number } }).user.userId, name };
}

describe("view as client (issue 39 item 4)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("staff view as a client from the user page, read-only, and End brings them back", async () => {
    const { page, errors, context } = await newPage(browser);
    await signIn(page, ADMIN, { home: "/dashboards/crm" });
    const client = await newClient(page);

    await page.goto(`/apps/user/view/${client.userId}`);
    await page.getByRole("button", { name: "View as client" }).click();
    const dialog = page.getByRole("dialog", { name: `View as ${client.name}` });
    await dialog.getByLabel("Your password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "View as client" }).click();
    await page.waitForURL((url) => url.pathname !== `/apps/user/view/${client.userId}`);
    const banner = page.getByTestId("view-as-banner");
    await banner.getByText(`Viewing as ${client.name} — read-only`).waitFor();
    expect(await banner.getAttribute("role")).toBe("status");
    expect(await banner.locator("time").textContent()).toMatch(/^(29|30):\d\d$/);

    // Another page: the banner is still there, and a write is refused with the read-only message.
    await page.goto("/pages/account-settings/account");
    await banner.waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("nothing can be changed", { exact: false }).first().waitFor();

    await banner.getByRole("button", { name: "End" }).click();
    await page.waitForURL(`**/apps/user/view/${client.userId}`);
    await page.getByRole("heading", { name: client.name }).waitFor();
    expect(await page.getByTestId("view-as-banner").count()).toBe(0);
    const me = await apiFromPage<{ userData: { userRole: string } }>(page, "me", {});
    expect(me.userData.userRole).toBe("admin");
    const views = await apiFromPage<{ data: Array<{ endReason: string }> }>(page, "search-view-as", { userId: client.userId });
    expect(views.data.map((v) => v.endReason)).toEqual(["ended"]);
    // The refused save logged its 403; nothing else went wrong on the page.
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  for (const language of ["en", "ar"] as const) {
    it(`the dialog, the banner and the security tab fit a 390 px phone in ${language}, axe clean`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, ADMIN);
      const page = await context.newPage();
      await page.goto("/dashboards/crm");
      const client = await newClient(page);
      const texts = language === "ar" ? usersAr.viewAs : usersEn.viewAs;
      await page.goto(`/apps/user/view/${client.userId}`);
      await page.getByRole("button", { name: texts.button }).click();
      const dialog = page.getByRole("dialog", { name: texts.title.replace("{{name}}", client.name) });
      await dialog.getByLabel(texts.password).fill(ADMIN.password);
      const dialogWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(dialogWidth).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: texts.start }).click();
      await page.waitForURL((url) => url.pathname !== `/apps/user/view/${client.userId}`);
      const banner = page.getByTestId("view-as-banner");
      await banner.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      const problems: string[] = [];
      const check = async (where: string) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${where}: ${width} px wide`);
        for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
      };
      await check("home");
      // The client's security tab lists this very view-as, running.
      await page.goto("/pages/account-settings/security");
      const card = page.getByRole("heading", { name: (language === "ar" ? accountAr : accountEn).viewAs.title });
      await card.waitFor();
      await page.getByRole("cell", { name: (language === "ar" ? accountAr : accountEn).viewAs.running }).waitFor();
      await check("security tab");
      expect(problems).toEqual([]);
      await banner.getByRole("button", { name: language === "ar" ? layoutAr.viewAs.end : "End" }).click();
      await page.waitForURL(`**/apps/user/view/${client.userId}`);
      await page.getByRole("heading", { name: client.name }).waitFor();
      await context.close();
    });
  }
});
