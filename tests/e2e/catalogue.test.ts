import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, launch, newPage, signIn } from "./browser";

/** A 1×1 PNG: real image bytes for the uploads. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Waits for a snackbar with this text (the server's message). */
async function snackbar(page: Page, text: string) {
  await page.getByTestId("snackbar").filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function confirmDelete(page: Page, row: Locator) {
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
}

describe("the back-office catalogue in a real browser", () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await newPage(browser));
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates, edits and deletes a bundle", async () => {
    await page.goto("/portal/bundle");
    await page.getByRole("button", { name: "Add bundle" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Points", { exact: true }).fill("777");
    await dialog.getByLabel("Price per point (minor unit)", { exact: true }).fill("2");
    await dialog.getByLabel("Discount (%)", { exact: true }).fill("10");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Bundle created successfully!");
    let card = page.getByTestId("bundle-card").filter({ hasText: "777 points" });
    // round(777 × 2 × 90 / 100) = 1399 cents
    expect(await card.textContent()).toContain("$13.99");

    await card.getByRole("button", { name: "Edit" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Points", { exact: true }).fill("778");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Bundle updated successfully!");
    card = page.getByTestId("bundle-card").filter({ hasText: "778 points" });
    await card.waitFor();

    await confirmDelete(page, card);
    await snackbar(page, "Bundle deleted successfully!");
    await card.waitFor({ state: "detached" });
  });

  it("creates an item with an image, edits and deletes it", async () => {
    await page.goto("/portal/itemSetting");
    await page.getByRole("button", { name: "Add item" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Image", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByAltText("Image preview").waitFor();
    await dialog.getByLabel("Name", { exact: true }).fill("E2E research plan");
    await dialog.getByLabel("Price (minor unit)", { exact: true }).fill("1234");
    await dialog.getByLabel("Duration (days)", { exact: true }).fill("45");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Item created successfully!");
    let row = page.getByRole("row").filter({ hasText: "E2E research plan" });
    expect(await row.textContent()).toContain("$12.34");
    expect(await row.locator("img").getAttribute("src")).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);

    await row.getByRole("button", { name: "Edit" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("E2E research plan, renamed");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Item updated successfully!");
    row = page.getByRole("row").filter({ hasText: "E2E research plan, renamed" });
    await row.waitFor();

    await confirmDelete(page, row);
    await snackbar(page, "Item deleted successfully!");
    await row.waitFor({ state: "detached" });
  });

  it("creates, edits and deletes a site, with the required-field text", async () => {
    await page.goto("/portal/site");
    await page.getByRole("button", { name: "Add site" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText('The field "Name" is required.').waitFor();
    await dialog.getByLabel("Name", { exact: true }).fill("E2E citation checker");
    await dialog.getByLabel("Description", { exact: true }).fill("Checks references");
    await dialog.getByLabel("Price per use (points)", { exact: true }).fill("8");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Site created successfully!");
    let row = page.getByRole("row").filter({ hasText: "E2E citation checker" });
    expect(await row.textContent()).toContain("8 points");

    await row.getByRole("button", { name: "Edit" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status", { exact: true }).selectOption("false");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Site updated successfully!");
    row = page.getByRole("row").filter({ hasText: "E2E citation checker" });
    await row.getByText("Not in use").waitFor();

    await confirmDelete(page, row);
    await snackbar(page, "Site deleted successfully!");
    await row.waitFor({ state: "detached" });
  });

  it("creates, edits (keeping the secret) and deletes a vendor account", async () => {
    await page.goto("/portal/vendor");
    await page.getByRole("button", { name: "Add vendor account" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Site", { exact: true }).selectOption({ label: "Similarity Check" });
    await dialog.getByLabel("Account name", { exact: true }).fill("E2E shared account");
    await dialog.getByLabel("Email and password", { exact: true }).check();
    await dialog.getByLabel("Login email", { exact: true }).fill("e2e-vendor@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("vendor-secret-e2e");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Vendor account created successfully!");
    let row = page.getByRole("row").filter({ hasText: "E2E shared account" });
    expect(await row.textContent()).toContain("e2e-vendor@example.com");
    expect(await page.content()).not.toContain("vendor-secret-e2e");

    await row.getByRole("button", { name: "Edit" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByText("A secret is stored: leave blank to keep it.").waitFor();
    await dialog.getByLabel("Account name", { exact: true }).fill("E2E shared account 2");
    await dialog.getByRole("button", { name: "Save" }).click();
    await snackbar(page, "Vendor account updated successfully!");
    row = page.getByRole("row").filter({ hasText: "E2E shared account 2" });
    await row.waitFor();
    expect(await row.getByText("No secret").count()).toBe(0);

    await confirmDelete(page, row);
    await snackbar(page, "Vendor account deleted successfully!");
    await row.waitFor({ state: "detached" });
  });

  it("generates 10 coupons, lists them, and deletes one", async () => {
    await page.goto("/portal/coupon");
    await page.getByRole("button", { name: "Generate coupons" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Points per coupon", { exact: true }).fill("5");
    await dialog.getByLabel("Valid through", { exact: true }).fill("2030-12-31");
    await dialog.getByLabel("How many", { exact: true }).fill("10");
    await dialog.getByLabel("Prefix (optional)", { exact: true }).fill("E2E");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await snackbar(page, "10 coupons generated successfully!");
    const codes = await page.getByTestId("new-codes").getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    expect(codes.every((c) => /^E2E-[A-Z2-9]{10}$/.test(c))).toBe(true);

    await page.getByLabel("Search codes", { exact: true }).fill("E2E-");
    await page.waitForURL(/search=E2E-/);
    const rows = page.getByRole("row").filter({ hasText: "E2E-" });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
    expect((await rows.allTextContents()).map((t) => t.match(/E2E-[A-Z2-9]{10}/)![0]).sort()).toEqual([...codes].sort());

    await confirmDelete(page, rows.first());
    await snackbar(page, "Coupon deleted successfully!");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(9);
    expect(errors).toEqual([]);
  });
});
