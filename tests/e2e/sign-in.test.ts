import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CLIENT, baseUrl, launch, newPage, signIn, submitSignIn } from "./browser";

describe("sign-in in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signs the admin in with the seeded credentials and lands on the CRM dashboard", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByTestId("navbar-user-name").getByText("Administrator").waitFor();
    expect(errors).toEqual([]);
  });

  it("signs a client in and lands on the access-control home", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, CLIENT);
    await page.waitForURL("**/access-control");
    expect(errors).toEqual([]);
  });

  it("follows /login's links by a real click while its email field has the focus, and back", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto("/login");
    // Hydrated: the send button waits for the app. The email field is focused (autofocus) and empty.
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await page.getByRole("link", { name: "Back to sign-in" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("link", { name: "Help center" }).click();
    await page.waitForURL("**/front-pages/help-center");
    expect(errors).toEqual([]);
  });

  it("keeps the Sign in button where the first paint put it once the passkey button arrives (desktop and 390 px)", async () => {
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      // The page as prerendered, before any script: where a reader sees the button first.
      const painted = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport });
      const paintedPage = await painted.newPage();
      await paintedPage.goto("/login");
      const before = await paintedPage.locator('button[type="submit"]').boundingBox();
      await painted.close();

      const { page, context } = await newPage(browser);
      await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
      await page.goto("/login");
      await page.getByRole("button", { name: "Use a passkey" }).waitFor();
      const after = await page.locator('button[type="submit"]').boundingBox();
      await context.close();
      // The form is centred: a block appearing under it would lift the button while a pointer pressed it.
      expect(after).toEqual(before);
    }
  });

  it("shows the server's error text for a wrong password", async () => {
    const { page } = await newPage(browser);
    await signIn(page, { email: ADMIN.email, password: "not-the-password" });
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("The email or password is incorrect.");
  });

  it("sends an anonymous deep link through login and back", async () => {
    const { page } = await newPage(browser);
    await page.goto("/portal/dashboard?tab=1");
    await page.waitForURL(/\/login\?tab=1&to=%2Fportal%2Fdashboard/);
    await page.getByLabel(/email/i).fill(CLIENT.email);
    await page.getByLabel(/password/i).fill(CLIENT.password);
    await submitSignIn(page);
    await page.waitForURL("**/portal/dashboard");
  });

  it("shows not-found for an unknown path", async () => {
    const { page } = await newPage(browser);
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => location.pathname)).toBe("/no/such/page");
  });
});
