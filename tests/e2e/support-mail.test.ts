import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportAddress } from "../../worker/src/auth/support-mail-token";
import { E2E_SUPPORT_MAIL_SECRET } from "../support/support-mail";
import { ADMIN, apiFromPage, baseUrl, CLIENT, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 39 item 2 in a real browser: a client's answer mailed to the ticket's support address (a raw
 * message posted to wrangler dev's `/cdn-cgi/handler/email`, as Email Routing would hand it over) shows
 * in the client's open ticket after a reload, once though delivered twice; a forged address is refused.
 * Staff's canned replies fit a 390 px phone in English and Arabic with no serious axe violation.
 */

/** Posts a raw RFC 5322 message to the local server's email handler, as README "Support mail" shows with curl. */
function sendMail(from: string, to: string, text: string, messageId: string) {
  const raw = [
    `From: <${from}>`,
    `To: <${to}>`,
    "Subject: Re: your ticket",
    `Message-ID: ${messageId}`,
    "Date: Tue, 01 Dec 2026 10:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
  ].join("\r\n");
  const query = new URLSearchParams({ from, to });
  return fetch(`${baseUrl()}/cdn-cgi/handler/email?${query}`, { method: "POST", body: raw });
}

describe("support mail and canned replies (issue 39 item 2)", () => {
  let browser: Browser;
  let ticketId = 0;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a client's mailed answer lands in the open ticket once, after a reload; a forged address is refused", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const subject = `Mail-in ${Math.random().toString(36).slice(2, 8)}`;
    const opened = await apiFromPage<{ ticket: { ticketId: number } }>(client.page, "open-ticket", {
      subject,
      body: "<p>Where is my transfer?</p>",
      label: "payment",
    });
    ticketId = opened.ticket.ticketId;
    await client.page.goto(`/apps/email/inbox?ticket=${ticketId}`);
    await client.page.getByRole("heading", { name: subject }).waitFor();
    const messages = client.page.getByTestId("ticket-message");
    await expect.poll(() => messages.count()).toBe(1);

    const to = await supportAddress(E2E_SUPPORT_MAIL_SECRET, "support.example.com", ticketId);
    const text = "It arrived now, thank you.\r\n\r\nOn Tue, 1 Dec 2026, Desk wrote:\r\n> Checking with the bank.";
    const messageId = `<${crypto.randomUUID()}@mail.example>`;
    for (let delivery = 0; delivery < 2; delivery++) {
      const answered = await sendMail(CLIENT.email, to, text, messageId);
      expect(answered.status, await answered.text()).toBe(200);
    }
    const forged = await sendMail(CLIENT.email, `support+${ticketId}-${"0".repeat(20)}@support.example.com`, "Hi", "<f@x>");
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("not a ticket's support address");

    await client.page.reload();
    await expect.poll(() => messages.count()).toBe(2);
    const mailed = client.page.frameLocator("iframe").nth(1);
    await mailed.getByText("It arrived now, thank you.").waitFor();
    expect(await mailed.getByText("Checking with the bank.").count()).toBe(0);
    await client.context.close();
  }, 120_000);

  for (const language of ["en", "ar"] as const) {
    it(`staff add a canned reply and insert it at 390 px in ${language === "en" ? "English" : "Arabic"}, axe clean`, async () => {
      const context = await phoneContext(browser, language);
      await signInContext(context, ADMIN);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const texts =
        language === "en"
          ? { save: "Save", insert: "Insert a canned reply", name: "Name" }
          : { save: "حفظ", insert: "إدراج رد جاهز", name: "الاسم" };
      const problems: string[] = [];
      const check = async (where: string) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${where}: ${width} px wide`);
        for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
      };

      await page.goto("/apps/email/canned-replies");
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
      const name = `Received ${language} ${Math.random().toString(36).slice(2, 6)}`;
      await page.getByLabel(texts.name, { exact: true }).fill(name);
      await page.getByRole("textbox", { name: language === "en" ? "Reply text" : "نص الرد" }).fill("Your transfer is confirmed.");
      await page.getByRole("button", { name: texts.save }).click();
      await page.getByTestId("canned-reply").filter({ hasText: name }).waitFor();
      await check("canned replies");

      await page.goto(`/apps/email/inbox?ticket=${ticketId}`);
      const reply = page.getByRole("form", { name: language === "en" ? "Reply" : "رد" });
      const picker = reply.getByRole("combobox", { name: texts.insert });
      await picker.locator("option", { hasText: name }).waitFor({ state: "attached" });
      await picker.selectOption({ label: name });
      await reply.getByText("Your transfer is confirmed.").waitFor();
      await check("thread");
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
