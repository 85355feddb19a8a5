import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, apiFromPage, baseUrl, CLIENT, launch, newPage, signIn } from "./browser";

const REFERENCE_PAGE = /\/payment\/([A-Za-z0-9_-]{24,})\?card=/;
const standIn = () => inject("stripeStandInUrl");

describe("paying by card (Stripe Checkout, against the local stand-in)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("checkout → Stripe's page → back to Processing… → Paid with the invoice, the points granted once", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number; bundlePoin: number }> }>(client.page, "searchbundle", {
      limit: 100,
      page: 1,
    });
    const bundle = bundles.data.find((b) => b.bundlePoin === 100)!;
    const before = await apiFromPage<{ userQuota: number }>(client.page, "search-quota", { limit: 5, page: 1 });
    await apiFromPage(client.page, "updatecart", { kind: "bundle", refId: bundle.bundleId, qty: 1 });

    await client.page.goto("/payment/payment");
    // The seeded 100-point bundle is named (scripts/seed-data.ts): its line reads "Regular · 100 points".
    await client.page.getByText("Regular · 100 points", { exact: true }).waitFor();
    expect(await client.page.getByRole("radio", { name: "Pay by card" }).isChecked()).toBe(true);
    await client.page.getByRole("button", { name: "Place order and pay by card" }).click();

    // Stripe's hosted page (the stand-in's): no card field ever appears on the portal's pages.
    await client.page.waitForURL(`${standIn()}/c/pay/**`);
    await client.page.getByRole("button", { name: /^Pay / }).click();

    await client.page.waitForURL(REFERENCE_PAGE);
    const referenceId = REFERENCE_PAGE.exec(client.page.url())![1]!;
    // The event arrives a moment after the payer (as Stripe's deliveries do): Processing first, then Paid.
    await client.page.getByText("Processing your card payment").waitFor();
    await client.page.getByTestId("payment-status").getByText("Paid").waitFor({ timeout: 20_000 });
    await client.page.getByText(/invoice #\d+/).waitFor();
    expect(await client.page.getByText("Processing your card payment").count()).toBe(0);

    const after = await apiFromPage<{ userQuota: number; data: Array<{ ref: string; delta: number }> }>(
      client.page,
      "search-quota",
      { limit: 100, page: 1 },
    );
    expect(after.userQuota).toBe(before.userQuota + 100);
    expect(after.data.filter((row) => row.ref.startsWith(`grant:${referenceId}:`))).toEqual([
      expect.objectContaining({ delta: 100 }),
    ]);

    // The invoice names the card payment and its Stripe id.
    await client.page.getByRole("link", { name: "View invoice" }).click();
    await client.page.getByText("Method: Card (Stripe)").waitFor();
    await client.page.getByText(/^pi_test_/).waitFor();
    expect(client.errors).toEqual([]);

    // Confirming it again is refused, and grants nothing more.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    // Outside the page's scripts: a 409 the page asked for would log a console error.
    const again = await admin.page.request.post("/api/confirm-payment", { data: { referenceId } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("already_paid");
    const final = await apiFromPage<{ userQuota: number }>(client.page, "search-quota", { limit: 5, page: 1 });
    expect(final.userQuota).toBe(before.userQuota + 100);
    expect(admin.errors).toEqual([]);
  });

  it("a payer leaving Stripe's page comes back to both ways to pay", async () => {
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number }> }>(client.page, "searchbundle", { limit: 1, page: 1 });
    const order = await apiFromPage<{ referenceId: string }>(client.page, "checkout", {
      kind: "bundle",
      refId: bundles.data[0]!.bundleId,
    });

    // An anonymous payer with the link.
    const payer = await newPage(browser);
    await payer.page.goto(`/payment/${order.referenceId}`);
    await payer.page.getByRole("link", { name: "Edge Portal" }).waitFor();
    // The network fails once: the alert says so and the keyboard is back on the button to try again.
    await payer.page.route("**/api/start-card-payment", (route) => route.abort(), { times: 1 });
    await payer.page.getByRole("button", { name: "Pay by card" }).focus();
    await payer.page.keyboard.press("Enter");
    await payer.page.getByRole("alert").getByText("The server could not be reached.", { exact: false }).waitFor();
    expect(await payer.page.evaluate(() => document.activeElement?.textContent)).toBe("Pay by card");
    await payer.page.keyboard.press("Enter");
    await payer.page.waitForURL(`${standIn()}/c/pay/**`);
    await payer.page.getByRole("button", { name: "Back" }).click();
    await payer.page.waitForURL(`**/payment/${order.referenceId}?card=cancelled`);
    await payer.page.getByText("You left the card payment.").waitFor();
    expect(await payer.page.getByRole("button", { name: "Pay by card" }).isVisible()).toBe(true);
    expect(await payer.page.getByRole("button", { name: "Send proof" }).isVisible()).toBe(true);
    await payer.page.getByTestId("payment-status").getByText("Pending").waitFor();
    // The aborted call is the one error the console saw.
    expect(payer.errors).toEqual([expect.stringContaining("ERR_FAILED")]);
  });

  it("fits a 390 px phone with a cart line and both ways to pay, in English and Arabic", async () => {
    for (const rtl of [false, true]) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, CLIENT);
      await page.waitForURL("**/access-control");
      // Arabic after signing in: the sign-in form is found by its English labels.
      if (rtl) {
        const cookies = { language: "ar", direction: "rtl" };
        await context.addCookies(
          Object.entries(cookies).map(([name, value]) => ({
            name,
            value: encodeURIComponent(JSON.stringify(value)),
            domain: new URL(baseUrl()).hostname,
            path: "/",
          })),
        );
      }
      const bundles = await apiFromPage<{ data: Array<{ bundleId: number }> }>(page, "searchbundle", { limit: 1, page: 1 });
      const bundle = { kind: "bundle", refId: bundles.data[0]!.bundleId };
      await apiFromPage(page, "updatecart", { ...bundle, qty: 1 });
      // "Buy now" leaves the cart as it is.
      const order = await apiFromPage<{ referenceId: string }>(page, "checkout", bundle);
      const pages = [
        ["/payment/payment", page.getByRole("radio").first()],
        [`/payment/${order.referenceId}`, page.getByRole("button", { name: rtl ? "الدفع بالبطاقة" : "Pay by card" })],
      ] as const;
      const widths: string[] = [];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready.waitFor();
        // A phone widens its layout viewport to fit the page: the page must be no wider than the device.
        widths.push(`${path} ${await page.evaluate(() => document.documentElement.scrollWidth)}`);
      }
      // The other tests buy the whole cart: it is left as it was found.
      await apiFromPage(page, "updatecart", { ...bundle, qty: 0 });
      expect(widths).toEqual(pages.map(([path]) => `${path} 390`));
      await context.close();
    }
  });
});
