import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, CLIENT, launch, newPage, signIn, signInContext, phoneContext } from "./browser";
import { seriousViolations } from "./axe";

/**
 * Issue 39 items 1 and 5 in a real browser: a client opens a ticket from a payment's "Get help with this",
 * staff answer it at /apps/email, the client reads the answer; the desk fits a 390 px phone in English and
 * Arabic (two screens, right to left) with no serious axe violation.
 */

describe("the support desk (issue 39)", () => {
  let browser: Browser;
  let subject = "";
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a member of the built-in support role lands on the desk's inbox after signing in", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN, { home: "/dashboards/crm" });
    const tag = Math.random().toString(36).slice(2, 8);
    const agent = { email: `desk-${tag}@example.test`, password: `Desk-pass-${tag}` };
    const made = await admin.page.request.post("/api/updateuser", {
      multipart: {
        userId: "0",
        userName: `Desk ${tag}`,
        userEmail: agent.email,
        userPW: agent.password,
        userRole: "support",
        userIsActive: "true",
        userPhone: "",
      },
    });
    expect(made.status()).toBe(200);
    await admin.context.close();

    const desk = await newPage(browser);
    await signIn(desk.page, agent, { home: "/apps/email/inbox" });
    await desk.page.getByRole("heading", { level: 1 }).waitFor();
    expect(new URL(desk.page.url()).pathname).toBe("/apps/email/inbox");
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });

  it("a client asks for help from a payment, staff answer, and the client reads the answer", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number }> }>(client.page, "searchbundle", {});
    const order = await apiFromPage<{ referenceId: string }>(client.page, "checkout", {
      kind: "bundle",
      refId: bundles.data[0]!.bundleId,
    });

    await client.page.goto(`/payment/${order.referenceId}`);
    await client.page.getByRole("link", { name: "Get help with this" }).click();
    await client.page.waitForURL(/\/apps\/email\/inbox\?compose=payment/);
    const compose = client.page.getByRole("form", { name: "New ticket" });
    const subjectField = compose.getByLabel("Subject");
    expect(await subjectField.inputValue()).toContain(order.referenceId);
    subject = `Transfer not confirmed ${Math.random().toString(36).slice(2, 8)}`;
    await subjectField.fill(subject);
    await compose.getByRole("textbox", { name: "Message" }).fill("I paid on Monday, it is still pending.");
    await compose.getByRole("button", { name: "Send" }).click();
    await client.page.getByTestId("snackbar").filter({ hasText: "Ticket sent." }).waitFor();
    await client.page.getByRole("heading", { name: subject }).waitFor();

    const staff = await newPage(browser);
    await signIn(staff.page, ADMIN);
    await staff.page.waitForURL("**/dashboards/crm");
    await staff.page.getByTestId("support-card").waitFor();
    await staff.page.goto("/apps/email/inbox");
    await staff.page.getByRole("button", { name: new RegExp(subject) }).click();
    const reply = staff.page.getByRole("form", { name: "Reply" });
    await reply.getByRole("textbox", { name: "Reply" }).fill("We found your transfer; it is confirmed today.");
    await reply.getByRole("button", { name: "Send" }).click();
    await staff.page.getByTestId("snackbar").filter({ hasText: "Reply sent." }).waitFor();

    await client.page.goto("/apps/email/inbox");
    const row = client.page.getByRole("button", { name: new RegExp(subject) });
    await row.getByLabel("Unread").waitFor();
    await row.click();
    const messages = client.page.getByTestId("ticket-message");
    await expect.poll(() => messages.count()).toBe(2);
    const answer = client.page.frameLocator("iframe").nth(1);
    await answer.getByText("We found your transfer; it is confirmed today.").waitFor();
    expect(scriptErrorsOf(client.errors)).toEqual([]);
    await client.context.close();
    await staff.context.close();
  }, 120_000);

  it("a client attaches a PNG to a reply; staff see it under the message and download it", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await client.page.goto("/apps/email/inbox");
    await client.page.getByRole("button", { name: new RegExp(subject) }).click();
    const reply = client.page.getByRole("form", { name: "Reply" });
    await reply.getByTestId("attach-input").setInputFiles({ name: "transfer.png", mimeType: "image/png", buffer: png });
    await reply.getByTestId("chosen-file").filter({ hasText: "transfer.png" }).waitFor();
    await reply.getByRole("textbox", { name: "Reply" }).fill("Here is the bank's screen.");
    await reply.getByRole("button", { name: "Send" }).click();
    await client.page.getByTestId("snackbar").filter({ hasText: "Reply sent." }).waitFor();
    await client.page.getByTestId("attachment-chip").filter({ hasText: "transfer.png" }).waitFor();

    const staff = await newPage(browser);
    await signIn(staff.page, ADMIN);
    await staff.page.waitForURL("**/dashboards/crm");
    await staff.page.goto("/apps/email/inbox");
    await staff.page.getByRole("button", { name: new RegExp(subject) }).click();
    const chip = staff.page.getByTestId("attachment-chip").filter({ hasText: "transfer.png" });
    const [download] = await Promise.all([staff.page.waitForEvent("download"), chip.click()]);
    expect(download.suggestedFilename()).toBe("transfer.png");
    expect(Buffer.compare(await readFile(await download.path()), png)).toBe(0);
    expect(scriptErrorsOf(client.errors)).toEqual([]);
    expect(scriptErrorsOf(staff.errors)).toEqual([]);
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
      await page.goto("/apps/email/inbox");
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
      await page.getByTestId("ticket-message").first().waitFor();
      expect(await row.isVisible()).toBe(false);
      await check("thread");
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

/** Script errors only: a call answering 4xx logs "Failed to load resource", which the page handles. */
function scriptErrorsOf(errors: string[]): string[] {
  return errors.filter((e) => !e.startsWith("Failed to load resource"));
}
