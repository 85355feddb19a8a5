import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CLIENT, launch, newPage, signIn, submitSignIn } from "./browser";

const html = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);

async function cookie(page: Page, name: string) {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  return found ? JSON.parse(decodeURIComponent(found.value)) : undefined;
}

// A 1 × 1 PNG: the server checks an avatar by its bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

describe("the web shell in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signs the admin in to the CRM home with the sectioned menu and the user menu", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("heading", { name: "Dashboards" }).waitFor();
    await menu.getByRole("link", { name: "Account settings" }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByTestId("navbar-user-name").textContent()).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("signs a client in, redirects account settings to its account tab and saves the profile into the navbar", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, CLIENT);
    await page.waitForURL("**/access-control");
    await page.goto("/pages/account-settings");
    await page.waitForURL("**/pages/account-settings/account");
    const name = page.getByLabel("Full name");
    await name.fill("Demo Client Renamed");
    await page.getByLabel("Upload a new photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    expect(await page.getByTestId("avatar-preview").getAttribute("src")).toMatch(/^blob:/);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("snackbar").first().waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByTestId("navbar-user-name").textContent()).toBe("Demo Client Renamed");
    expect(await page.getByRole("button", { name: "Account menu" }).locator("img").getAttribute("src")).toMatch(/^\/images\//);
    // The client may read its payments: the billing tab is linked.
    await page.getByRole("tab", { name: "Billing & plans" }).waitFor();
    await page.getByRole("tab", { name: "Security" }).click();
    await page.waitForURL("**/pages/account-settings/security");
    await page.getByText("This device").waitFor();
    expect(errors).toEqual([]);
  });

  it("starts a signed-in page's first calls from its route's preload, each once", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
    const sent: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/")) sent.push(path);
    });
    await page.goto("/portal/user");
    await page.locator("main tbody tr").first().waitFor();
    // The list, its filters' options and the navbar's notifications: asked by the preloads, read by the page.
    for (const call of ["/api/searchuser", "/api/search-role", "/api/searchitem", "/api/search-notification"])
      expect(sent.filter((path) => path === call)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("follows a deep link through login and back, keeping the query", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto("/pages/account-settings/security?from=mail");
    await page.waitForURL(/\/login\?from=mail&to=%2Fpages%2Faccount-settings%2Fsecurity/);
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await page.getByLabel(/email/i).fill(CLIENT.email);
    await page.getByLabel(/password/i).fill(CLIENT.password);
    await submitSignIn(page);
    await page.waitForURL("**/pages/account-settings/security");
    await page.getByRole("heading", { name: "Change password" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("switches to dark and to right-to-left in the customizer, keeps both in cookies across a reload", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
    expect(await html(page, "data-theme")).toBe("light");
    await page.getByRole("button", { name: "Open the customizer" }).click();
    const panel = page.getByRole("dialog", { name: "Theme customizer" });
    await panel.getByRole("radio", { name: "Dark" }).check();
    await panel.getByRole("radio", { name: "Right to left" }).check();
    await panel.getByRole("radio", { name: "Bordered" }).check();
    expect(await html(page, "data-theme")).toBe("dark-bordered");
    expect(await html(page, "dir")).toBe("rtl");
    expect(await cookie(page, "theme")).toBe("dark");
    expect(await cookie(page, "direction")).toBe("rtl");
    expect(await cookie(page, "color-scheme")).toBe("dark");
    // The boot script (web/boot.js) applies them before React starts.
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await html(page, "data-theme")).toBe("dark-bordered");
    expect(await html(page, "dir")).toBe("rtl");
    expect(errors).toEqual([]);
  });

  it("follows the device's colour scheme live when the theme is system", async () => {
    const { page, errors } = await newPage(browser, { colorScheme: "dark" });
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
    await page.getByRole("button", { name: "Open the customizer" }).click();
    await page.getByRole("dialog").getByRole("radio", { name: "System" }).check();
    expect(await html(page, "data-theme")).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "light");
    expect(await cookie(page, "color-scheme")).toBe("light");
    expect(errors).toEqual([]);
  });

  it("shows not-found for an unknown path, signed in or not", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await signIn(page, CLIENT);
    await page.waitForURL("**/access-control");
    await page.goto("/portal/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    // An unknown settings tab opens the account tab, as the specification says (issue 29).
    await page.goto("/pages/account-settings/nope");
    await page.waitForURL("**/pages/account-settings/account");
    expect(errors).toEqual([]);
  });

  it("opens every public and sign-in page without console errors", async () => {
    const { page, errors } = await newPage(browser);
    const pages: [string, string][] = [
      ["/login", "Welcome back"],
      ["/pages/authentication/login-v2", "Welcome back"],
      ["/register", "Create your account"],
      ["/pages/authentication/register-v2", "Create your account"],
      ["/pages/authentication/register-multi-steps", "Create your account"],
      ["/forgot-password", "Forgot your password?"],
      ["/pages/authentication/forgot-password-v2", "Forgot your password?"],
      ["/pages/authentication/reset-password-v1", "Reset your password"],
      ["/pages/authentication/two-steps-v2", "Two-step verification"],
      ["/pages/authentication/verify-email-v1", "Verify your email"],
      ["/not-authorized", "You are not authorized"],
      ["/pages/misc/coming-soon", "We are launching soon"],
      ["/pages/misc/under-maintenance", "Under maintenance"],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it("sends no sign-in form before the app has it, and signs in with what was typed meanwhile", async () => {
    const { page, context } = await newPage(browser);
    // The app is held back: the prerendered page is all there is, as on a slow phone before hydration.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/app-*.js", async (route) => {
      await released;
      // A page left while its app was held has nothing to continue.
      await route.continue().catch(() => undefined);
    });
    const sentByBrowser = () => page.evaluate(() => (window as unknown as { sentEarly?: number }).sentEarly ?? 0);
    for (const path of ["/register", "/forgot-password", "/login"]) {
      await page.goto(path, { waitUntil: "commit" });
      await page.locator('button[type="submit"]').first().waitFor();
      await page.evaluate(() => {
        const counted = window as unknown as { sentEarly?: number };
        document.addEventListener("submit", () => (counted.sentEarly = (counted.sentEarly ?? 0) + 1), true);
      });
      expect(await page.locator('button[type="submit"]').first().isDisabled(), path).toBe(true);
      await page
        .locator('input[type="email"]')
        .first()
        .fill(path === "/login" ? CLIENT.email : "early@example.com");
      const password = page.locator('input[type="password"]');
      if ((await password.count()) > 0) await password.first().fill(path === "/login" ? CLIENT.password : "Typed-before-1");
      // Enter in a field sends a form through its default button, which is disabled: nothing is sent.
      await page.locator('input[type="email"]').first().press("Enter");
      expect(await sentByBrowser(), `${path}: sent before the app ran`).toBe(0);
      expect(new URL(page.url()).search, path).toBe("");
    }
    // The app arrives on /login and takes what was typed and ticked before it.
    await page.getByRole("checkbox", { name: /remember/i }).check();
    release();
    await submitSignIn(page);
    await page.waitForURL("**/access-control");
    const session = (await context.cookies()).find((c) => c.name === "sid");
    expect(session?.expires, "remembered: the session outlives the browser").toBeGreaterThan(Date.now() / 1000);
    await context.close();
  });

  it("asks for the reset mail and shows the same answer for any address", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto("/forgot-password");
    const submit = page.getByRole("button", { name: "Send reset link" });
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByText("Enter a valid email address.").waitFor();
    await page.getByLabel("Email").fill("nobody@example.com");
    await submit.click();
    await page.getByText("If an account exists for this email, a reset link is on its way.").waitFor();
    expect(errors).toEqual([]);
  });
});
