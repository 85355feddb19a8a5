import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiFromPage, baseUrl, CLIENT, launch, newPage, signIn } from "./browser";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a1e2e60000000049454e44ae426082",
  "hex",
);

describe("buying points by bank transfer", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("cart → checkout → anonymous proof upload → admin confirms → points in the quota and ledger → invoice prints", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");

    // The 100-point bundle into the cart.
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number; bundlePoin: number; bundlePrice: number }> }>(
      client.page,
      "searchbundle",
      { limit: 100, page: 1 },
    );
    const bundle = bundles.data.find((b) => b.bundlePoin === 100)!;
    const before = await apiFromPage<{ userQuota: number }>(client.page, "search-quota", { limit: 5, page: 1 });
    await apiFromPage(client.page, "updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 1 });

    // Checkout from the cart page.
    await client.page.goto("/payment/payment");
    // The seeded 100-point bundle is named (scripts/seed-data.ts): its line reads "Regular · 100 points".
    await client.page.getByText("Regular · 100 points", { exact: true }).waitFor();
    // Card payments are on in this run (tests/e2e/global-setup.ts): this buyer chooses the transfer.
    await client.page.getByRole("radio", { name: "Bank transfer" }).check();
    expect(await client.page.getByAltText(/logo/).count()).toBe(1);
    await client.page.getByRole("button", { name: "Place order" }).click();
    await client.page.waitForURL(/\/payment\/[A-Za-z0-9_-]{24,}$/);
    const referenceId = new URL(client.page.url()).pathname.split("/").pop()!;

    // The payer opens the link in a fresh anonymous browser and uploads the proof.
    const payer = await newPage(browser);
    await payer.page.goto(`/payment/${referenceId}`);
    await payer.page.getByTestId("payment-status").getByText("Pending").waitFor();
    await payer.page.getByRole("timer").waitFor();
    expect(await payer.page.getByText(CLIENT.email).count()).toBe(0);
    await payer.page.getByLabel("Proof of transfer").setInputFiles({ name: "transfer.png", mimeType: "image/png", buffer: PNG });
    await payer.page.getByRole("button", { name: "Send proof" }).click();
    await payer.page.getByTestId("payment-status").getByText("Awaiting confirmation").waitFor();
    expect(payer.errors).toEqual([]);

    // The admin confirms it from the payments list.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    await admin.page.goto(`/apps/invoice/list?search=${referenceId}`);
    const row = admin.page.getByRole("row").filter({ hasText: "Demo Client" });
    await row.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("Payment confirmed. Points and subscriptions were granted.").waitFor();
    await row.getByText("Paid").waitFor();

    // The client's quota and ledger show the points.
    await client.page.goto("/portal/quota");
    const balance = client.page.getByTestId("quota-balance");
    await balance.getByText(String(before.userQuota + 100)).waitFor();
    // The ledger row links to its payment, in words, never by its internal reference.
    await client.page.locator(`a[href="/payment/${referenceId}"]`).first().waitFor();
    expect(await client.page.getByText(`grant:${referenceId}:0`).count()).toBe(0);

    // The invoice renders, and prints: only the invoice is visible on paper.
    await client.page.goto(`/apps/invoice/preview/${referenceId}`);
    await client.page
      .getByTestId("invoice-title")
      .getByText(/^Invoice #\d+$/)
      .waitFor();
    await client.page.emulateMedia({ media: "print" });
    expect(await client.page.locator("#invoice-print").isVisible()).toBe(true);
    expect(await client.page.getByRole("button", { name: "Print / save as PDF" }).isVisible()).toBe(false);
    const pdf = await client.page.pdf({ format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(client.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  // The pages' own content (inside <main>); the layout, the shared table header and tab bar are checked elsewhere.
  it("has no serious accessibility problem on the commerce pages, in Arabic right-to-left too", async () => {
    const problems: string[] = [];
    for (const rtl of [false, true]) {
      const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true, locale: "en-US" });
      if (rtl) {
        const host = new URL(baseUrl()).hostname;
        await context.addCookies(
          Object.entries({ language: "ar", direction: "rtl" }).map(([name, value]) => ({
            name,
            value: encodeURIComponent(JSON.stringify(value)),
            domain: host,
            path: "/",
          })),
        );
      }
      const page = await context.newPage();
      await signIn(page, CLIENT);
      await page.waitForURL("**/access-control");
      const { referenceId } = await apiFromPage<{ referenceId: string }>(page, "checkout", { kind: "bundle", refId: 1 });
      for (const path of [
        "/payment/payment",
        `/payment/${referenceId}`,
        "/portal/quota",
        "/pages/account-settings/billing",
        "/apps/invoice/list",
      ]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading'), null, { timeout: 10_000 });
        if (rtl) expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
        await page.addScriptTag({ path: AXE });
        const found = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: object,
                ) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }>;
              };
            }
          ).axe;
          return (await axe.run({ include: [["main"]], exclude: [["thead"], ["[role=tablist]"]] })).violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        });
        problems.push(...found.map((f) => `${rtl ? "rtl " : ""}${path} ${f}`));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
