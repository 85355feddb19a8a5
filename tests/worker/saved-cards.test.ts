import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser } from "./helpers";
import { customerIdOf, saveCard, stripeGet } from "./renewal-support";
import { postEvent, stripeEnv } from "./stripe-support";

/** Saved cards (issue 40 item 1): Stripe Checkout in setup mode, only Stripe's ids and the card's face kept. */

const cardsOf = async (cookie: string) => (await call("search-payment-method", {}, { cookie })).body.data;

describe("saved cards", () => {
  it("saves the card Stripe's setup page took, once, with only its id, brand, last four and expiry", async () => {
    const client = await createUser();
    const { url, session, event, redirectedTo } = await saveCard(client);
    expect(url).toMatch(/\/c\/setup\/cs_test_/);
    expect(redirectedTo).toBe("http://portal.test/pages/account-settings/billing?card=saved");
    expect(event.status).toBe(200);
    expect(event.body.message).toBe("Card saved.");
    // Stripe sends both events, and may send each again: one card.
    const intent = await stripeGet<Record<string, unknown>>(`/v1/setup_intents/${String(session.setup_intent)}`);
    expect((await postEvent("setup_intent.succeeded", intent)).status).toBe(200);
    expect((await postEvent("checkout.session.completed", session)).status).toBe(200);
    const cards = await cardsOf(client.cookie);
    expect(cards).toEqual([
      {
        paymentMethodId: intent.payment_method,
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
        isDefault: true,
      },
    ]);
    const stored = await env.DB.prepare("SELECT * FROM payment_methods WHERE userId = ?1").bind(client.userId).first();
    expect(Object.keys(stored!).sort()).toEqual([
      "brand",
      "createdAt",
      "expMonth",
      "expYear",
      "isDefault",
      "last4",
      "paymentMethodId",
      "userId",
    ]);
  });

  it("makes the client's Stripe Customer once", async () => {
    const client = await createUser();
    await saveCard(client);
    const customerId = await customerIdOf(client.userId);
    await saveCard(client, "4000000000000341");
    expect(await customerIdOf(client.userId)).toBe(customerId);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM stripe_customers WHERE userId = ?1")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect((await cardsOf(client.cookie)).map((c: { last4: string }) => c.last4).sort()).toEqual(["0341", "4242"]);
  });

  it("lets the client pick the default card and remove one (detached at Stripe); another client's card is 404", async () => {
    const client = await createUser();
    const other = await createUser();
    await saveCard(client);
    await saveCard(client, "4000000000000341");
    const cards: Array<{ paymentMethodId: string; last4: string; isDefault: boolean }> = await cardsOf(client.cookie);
    const first = cards.find((c) => c.last4 === "4242")!;
    const second = cards.find((c) => c.last4 === "0341")!;
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);

    for (const [name, body] of [
      ["delete-payment-method", { paymentMethodId: first.paymentMethodId }],
      ["update-payment-method", { paymentMethodId: first.paymentMethodId, isDefault: true }],
    ] as const) {
      const refused = await call(name, body, { cookie: other.cookie, env: stripeEnv() });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe("no_such_card");
    }
    expect(await cardsOf(client.cookie)).toHaveLength(2);

    const chosen = await call(
      "update-payment-method",
      { paymentMethodId: second.paymentMethodId, isDefault: true },
      { cookie: client.cookie },
    );
    expect(chosen.status).toBe(200);
    const afterChoice: Array<{ last4: string; isDefault: boolean }> = await cardsOf(client.cookie);
    expect(afterChoice.filter((c) => c.isDefault).map((c) => c.last4)).toEqual(["0341"]);

    const removed = await call(
      "delete-payment-method",
      { paymentMethodId: second.paymentMethodId },
      { cookie: client.cookie, env: stripeEnv() },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Card removed.");
    const detached = await stripeGet<{ customer: string | null }>(`/v1/payment_methods/${second.paymentMethodId}`);
    expect(detached.customer).toBeNull();
    // The card left becomes the default.
    expect(await cardsOf(client.cookie)).toEqual([expect.objectContaining({ last4: "4242", isDefault: true })]);
  });

  it("stores nothing for a setup of a Customer the portal did not make", async () => {
    const client = await createUser();
    const { session } = await saveCard(client);
    await env.DB.prepare("DELETE FROM payment_methods WHERE userId = ?1").bind(client.userId).run();
    await env.DB.prepare("UPDATE stripe_customers SET customerId = 'cus_someone_else' WHERE userId = ?1")
      .bind(client.userId)
      .run();
    const res = await postEvent("checkout.session.completed", session);
    expect(res.status).toBe(200);
    expect(await cardsOf(client.cookie)).toEqual([]);
  });

  it("answers 404 card_payments_off for a setup without Stripe", async () => {
    const client = await createUser();
    const res = await call("start-card-setup", {}, { cookie: client.cookie });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("card_payments_off");
  });
});
