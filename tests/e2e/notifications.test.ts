import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, baseUrl, CLIENT, launch, newPage, signIn } from "./browser";

/**
 * Issue 24 in Chromium: a client sees the bell's count rise when a job finishes, opens the list, marks
 * the notification read and sets a low-balance threshold; the new screens fit a phone in French and Arabic;
 * the cron runs by hand on the local server.
 */

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/** A multipart call from the page, with its session cookie, as the page's own scripts make it. */
function formFromPage<T>(
  page: Page,
  name: string,
  fields: Record<string, string>,
  file?: { field: string; name: string; text: string },
) {
  return page.evaluate(
    async ([call, values, upload]) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(values)) form.append(key, value);
      if (upload) form.append(upload.field, new File([upload.text], upload.name, { type: "application/pdf" }));
      const res = await fetch(`/api/${call}`, { method: "POST", body: form });
      return (await res.json()) as unknown;
    },
    [name, fields, file ?? null] as const,
  ) as Promise<T>;
}

/** The bell's unread count as shown (no badge: none). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId("notification-count");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

describe("notifications in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a client sees the bell count rise after a job finishes, opens the list, marks it read, sets a threshold", async () => {
    const fileName = `e2e-notice-${Date.now()}.pdf`;
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");
    await client.page.getByTestId("notification-bell").waitFor();
    const before = await bellCount(client.page);

    const sent = await formFromPage<{ history: { fileData: { uniqueId: string } } }>(
      client.page,
      "submit-job",
      { siteId: "1" },
      { field: "file", name: fileName, text: PDF },
    );
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    const done = await formFromPage<{ message: string }>(admin.page, "update-history", {
      uniqueId: sent.history.fileData.uniqueId,
      status: "1",
      similarity: "23",
    });
    expect(done.message).toBe("The job is marked done.");

    // The bell asks again when the window regains focus (and every 30 seconds anyway).
    await client.page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => bellCount(client.page), { timeout: 40_000 }).toBe(before + 1);

    await client.page.getByTestId("notification-bell").click();
    const menu = client.page.getByRole("region", { name: "Notifications" });
    await menu.getByText("Similarity Check", { exact: false }).first().waitFor();
    await menu.getByRole("link", { name: "See all notifications" }).click();
    await client.page.waitForURL("**/pages/notifications");
    const row = client.page.getByRole("row").filter({ hasText: fileName });
    await row.getByRole("button", { name: "Mark read" }).click();
    await client.page.getByText("Marked as read.").waitFor();
    await expect.poll(() => bellCount(client.page), { timeout: 10_000 }).toBe(before);
    // The list revalidates on its own after the bell: wait for the row to lose its button.
    await expect.poll(() => row.getByRole("button", { name: "Mark read" }).count(), { timeout: 10_000 }).toBe(0);

    await client.page.goto("/pages/account-settings/notifications");
    await client.page.getByLabel("Alert me").selectOption("custom");
    await client.page.getByTestId("threshold-points").fill("30");
    await client.page.getByRole("button", { name: "Save" }).click();
    await client.page.getByText("Notification settings saved.").waitFor();
    await client.page.reload();
    await client.page.getByTestId("threshold-points").waitFor();
    expect(await client.page.getByTestId("threshold-points").inputValue()).toBe("30");

    expect(client.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  /** Each new screen and the heading it shows, in English, French and Arabic (right to left). */
  const SCREENS = {
    en: { notifications: "Notifications", settings: "Notifications", unsubscribe: "Unsubscribe", dir: "ltr" },
    fr: { notifications: "Notifications", settings: "Notifications", unsubscribe: "Se désabonner", dir: "ltr" },
    ar: { notifications: "الإشعارات", settings: "الإشعارات", unsubscribe: "إلغاء الاشتراك", dir: "rtl" },
  } as const;

  for (const [language, screen] of Object.entries(SCREENS)) {
    it(`fits the new screens on a 390 px phone in ${language}, the bell in the navbar`, async () => {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: language,
      });
      // Signed in on the English form first; the language cookie then switches the app.
      const page = await context.newPage();
      await signIn(page, CLIENT);
      await page.waitForURL("**/access-control");
      const host = new URL(baseUrl()).hostname;
      await context.addCookies([
        { name: "language", value: encodeURIComponent(JSON.stringify(language)), domain: host, path: "/" },
      ]);
      for (const [path, heading] of [
        ["/pages/notifications", screen.notifications],
        ["/pages/account-settings/notifications", screen.settings],
        ["/unsubscribe?token=1.jobDone.x", screen.unsubscribe],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { name: heading }).first().waitFor();
        const root = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
        expect(root, path).toEqual({ lang: language, dir: screen.dir });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(390);
      }
      await page.goto("/pages/notifications");
      await page.getByTestId("notification-bell").waitFor();
      const bell = await page.getByTestId("notification-bell").boundingBox();
      expect(bell && bell.x >= 0 && bell.x + bell.width <= 390).toBe(true);
      await context.close();
    });
  }

  it("runs the cron's schedules by hand on the local server", async () => {
    for (const cron of ["*/5 * * * *", "30 3 * * *"]) {
      const res = await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent(cron)}`);
      expect(res.status, cron).toBe(200);
    }
    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("1 1 1 1 1")}`)).status).toBe(500);
  });
});
