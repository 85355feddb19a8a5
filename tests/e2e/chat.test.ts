import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, CLIENT, launch, newPage, phoneContext, signIn, signInContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 39 item 3 in a real browser: a client keeps /apps/chat open; staff answer in /apps/chat in another
 * context, and the client's page shows it within a second without reloading (over the ticket's Durable
 * Object), with staff's typing before it and the client's read mark after. The chat fits a 390 px phone in
 * English and Arabic (the list, then the thread) with no serious axe violation.
 */

describe("live chat (issue 39 item 3)", () => {
  let browser: Browser;
  let subject = "";
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const live = (page: Page) =>
    page
      .getByTestId("chat-connection")
      .filter({ hasText: /^(Live|مباشر)$/ })
      .waitFor();

  it("staff reply in /apps/chat and the client's open page shows it within a second, without a reload", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    subject = `Chat about my transfer ${Math.random().toString(36).slice(2, 8)}`;
    const opened = await apiFromPage<{ ticket: { ticketId: number } }>(client.page, "open-ticket", {
      subject,
      body: "<p>Is my transfer in?</p>",
      label: "payment",
    });
    const ticketId = opened.ticket.ticketId;
    await client.page.goto("/apps/chat");
    await client.page.getByRole("button", { name: new RegExp(subject) }).click();
    await client.page.waitForURL(`**/apps/chat?ticket=${ticketId}`);
    await live(client.page);
    // Marks this document: a reload would lose it.
    await client.page.evaluate(() => Object.assign(window, { chatTestMark: true }));

    const staff = await newPage(browser);
    await signIn(staff.page, ADMIN);
    await staff.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await staff.page.goto("/apps/chat");
    await staff.page.getByRole("button", { name: new RegExp(subject) }).click();
    await live(staff.page);

    const text = `Found it: confirmed today ${Math.random().toString(36).slice(2, 8)}`;
    const box = staff.page.getByRole("textbox", { name: "Message" });
    await box.fill(text.slice(0, 5));
    await client.page.getByTestId("chat-typing").filter({ hasText: "is typing" }).waitFor({ timeout: 5000 });
    await box.fill(text);
    const answered = staff.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/reply-ticket");
    await staff.page.getByRole("button", { name: "Send" }).click();
    expect((await answered).status()).toBe(200);
    const started = Date.now();
    await client.page.getByTestId("chat-message").filter({ hasText: text }).waitFor({ timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await client.page.evaluate(() => (window as unknown as { chatTestMark?: boolean }).chatTestMark)).toBe(true);

    // The client's page read it: staff's last message shows the read mark.
    await staff.page.getByTestId("chat-read-mark").filter({ hasText: "Seen" }).waitFor({ timeout: 5000 });
    expect(client.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await client.context.close();
    await staff.context.close();
  }, 120_000);

  for (const language of ["en", "ar"] as const) {
    it(`fits a 390 px phone in ${language === "en" ? "English" : "Arabic"}: the list, then the thread, no serious axe violation`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, CLIENT);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto("/apps/chat");
      const row = page.getByRole("button", { name: new RegExp(subject) });
      await row.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      const problems: string[] = [];
      const check = async (where: string) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${where}: ${width} px wide`);
        for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
      };
      await check("list");
      await row.click();
      await page.getByTestId("chat-message").first().waitFor();
      await live(page);
      expect(await row.isVisible()).toBe(false);
      await check("thread");
      await page.getByRole("button", { name: language === "en" ? "Back to the conversations" : "العودة إلى المحادثات" }).click();
      await row.waitFor();
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
