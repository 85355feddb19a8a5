import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, apiFromPage, baseUrl, CLIENT, launch, newPage, signIn } from "./browser";

const standIn = () => inject("stripeStandInUrl");

interface SubscriptionRow {
  subscriptionId: number;
  itemId: number;
  autoRenew: boolean;
  endsAt: string;
}

describe("automatic renewal on a saved card (against the local Stripe stand-in)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("saves a card on Stripe's page, turns auto-renew on, and the cron's renewal shows its invoice", async () => {
    // A one-day plan, bought for the client by hand: it ends within the day the cron renews ahead.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    const itemName = `Day pass ${Date.now()}`;
    const made = await apiFromPage<{ item: { itemId: number } }>(admin.page, "updateitem", {
      itemId: 0,
      itemName,
      itemPrice: 700,
      itemDuration: 1,
      itemUrl: "https://example.test",
    });
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");
    const me = await apiFromPage<{ userData: { userId: number } }>(client.page, "me", {});
    await apiFromPage(admin.page, "add-payment", {
      userId: me.userData.userId,
      lines: [{ kind: "item", refId: made.item.itemId, qty: 1 }],
    });

    // The card is typed on Stripe's page (the stand-in's), never on the portal's.
    await client.page.goto("/pages/account-settings/billing");
    await client.page.getByRole("button", { name: "Add a card" }).click();
    await client.page.waitForURL(`${standIn()}/c/setup/**`);
    await client.page.getByRole("button", { name: "Save card" }).click();
    await client.page.waitForURL("**/pages/account-settings/billing?card=saved");
    await expect
      .poll(
        async () => {
          const cards = await apiFromPage<{ data: Array<{ last4: string }> }>(client.page, "search-payment-method", {});
          return cards.data.map((c) => c.last4);
        },
        { timeout: 20_000 },
      )
      .toContain("4242");
    await client.page.reload();
    await client.page.getByText("VISA •••• 4242").first().waitFor();

    const toggle = client.page.getByRole("checkbox", { name: `Renews automatically: ${itemName}` });
    // The switch shows what the server holds: it turns once the answer came and the list reloaded.
    await toggle.click();
    await client.page.getByText("This subscription now renews automatically.").waitFor();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);

    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).status).toBe(200);
    const subscriptions = await apiFromPage<{ data: SubscriptionRow[] }>(client.page, "search-subscription", { limit: 100 });
    const renewed = subscriptions.data.filter((s) => s.itemId === made.item.itemId);
    expect(renewed).toHaveLength(2);
    expect(renewed[0]!.autoRenew).toBe(true);

    // The renewal is a paid card payment with its invoice, on the Billing tab.
    await client.page.reload();
    const payments = await apiFromPage<{
      data: Array<{ status: string; invoiceNumber: number | null; amount: number; method: string }>;
    }>(client.page, "search-payment", { userId: me.userData.userId, limit: 10, page: 1 });
    const renewal = payments.data.find((p) => p.method === "card" && p.amount === 700);
    expect(renewal).toMatchObject({ status: "paid", invoiceNumber: expect.any(Number) });
    await client.page.getByRole("link", { name: `#${renewal!.invoiceNumber}` }).waitFor();
  });
});
