import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { invoiceDocument } from "../../worker/src/domain/invoices/pdf";
import { selectPayments, type PaymentWithUser } from "../../worker/src/domain/payments/queries";
import { prorate } from "../../worker/src/domain/planchange/proration";
import { pdfSettingsOf } from "../../worker/src/http/settings";
import { call, createAdmin, createBundle, createItem, createUser, quotaAndLedger, type TestUser } from "./helpers";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A client's running subscription to a new item (price, 30 days) ending `endsInMs` from now. */
async function runningPlan(client: TestUser, opts: { price: number; endsInMs: number; autoRenew?: boolean }) {
  const admin = await createAdmin();
  const itemId = await createItem({ name: "Basic plan", price: opts.price, days: 30 });
  const bought = await call(
    "add-payment",
    { userId: client.userId, lines: [{ kind: "item", refId: itemId, qty: 1 }] },
    { cookie: admin.cookie },
  );
  expect(bought.status).toBe(200);
  const row = await env.DB.prepare("SELECT subscriptionId FROM subscriptions WHERE userId = ?1 AND itemId = ?2")
    .bind(client.userId, itemId)
    .first<{ subscriptionId: number }>();
  const endsAt = new Date(Date.now() + opts.endsInMs).toISOString();
  const startsAt = new Date(Date.parse(endsAt) - 30 * DAY).toISOString();
  await env.DB.prepare("UPDATE subscriptions SET startsAt = ?2, endsAt = ?3, autoRenew = ?4 WHERE subscriptionId = ?1")
    .bind(row!.subscriptionId, startsAt, endsAt, opts.autoRenew ? 1 : 0)
    .run();
  return { admin, itemId, subscriptionId: row!.subscriptionId };
}

const subscription = (subscriptionId: number) =>
  env.DB.prepare("SELECT endsAt, autoRenew FROM subscriptions WHERE subscriptionId = ?1")
    .bind(subscriptionId)
    .first<{ endsAt: string; autoRenew: number }>();

const planChangePayments = (subscriptionId: number) =>
  env.DB.prepare("SELECT referenceId, status, amount, lines FROM payments WHERE planChangeOf = ?1")
    .bind(subscriptionId)
    .all<{ referenceId: string; status: string; amount: number; lines: string }>();

describe("proration figures", () => {
  const now = new Date("2026-12-02T10:00:00.000Z");
  const endingIn = (ms: number) => new Date(now.getTime() + ms).toISOString();
  it.each([
    // name, current price, ms left, new price, points per minor unit, expected
    [
      "same day: the day under way counts as used",
      3000,
      30 * DAY - HOUR,
      5000,
      1,
      { daysLeft: 29, credit: 2900, amount: 2100, points: 0 },
    ],
    ["the whole period left", 3000, 30 * DAY, 5000, 1, { daysLeft: 30, credit: 3000, amount: 2000, points: 0 }],
    ["last day: nothing left to credit", 3000, 5 * HOUR, 5000, 1, { daysLeft: 0, credit: 0, amount: 5000, points: 0 }],
    ["rounded down to the minor unit", 999, 7 * DAY + HOUR, 2000, 1, { daysLeft: 7, credit: 233, amount: 1767, points: 0 }],
    [
      "downgrade: the difference as points",
      5000,
      15 * DAY + HOUR,
      1000,
      1,
      { daysLeft: 15, credit: 2500, amount: 0, points: 1500 },
    ],
    [
      "points at the bundles' rate, rounded down",
      5000,
      15 * DAY + HOUR,
      1000,
      0.1,
      { daysLeft: 15, credit: 2500, amount: 0, points: 150 },
    ],
    ["credit larger than a dearer price", 6000, 29 * DAY + HOUR, 5500, 1, { daysLeft: 29, credit: 5800, amount: 0, points: 300 }],
    ["credit equal to the price", 3000, 10 * DAY + HOUR, 1000, 1, { daysLeft: 10, credit: 1000, amount: 0, points: 0 }],
  ] as const)("%s", (_name, price, msLeft, newPrice, rate, expected) => {
    const figures = prorate({
      current: { price, duration: 30, endsAt: endingIn(msLeft) },
      next: { price: newPrice },
      now,
      pointsPerMinorUnit: rate,
    });
    expect(figures).toEqual({ price: newPrice, ...expected });
  });
});

describe("change-plan", () => {
  it("quotes, then makes one payment whose line shows the proration; paid, it switches plans and carries auto-renew", async () => {
    const client = await createUser();
    const { admin, subscriptionId } = await runningPlan(client, { price: 3000, endsInMs: 10 * DAY + HOUR, autoRenew: true });
    const proItem = await createItem({ name: "Pro plan", price: 5000, days: 30 });
    const quote = await call("quote-plan-change", { subscriptionId, itemId: proItem }, { cookie: client.cookie });
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({ price: 5000, daysLeft: 10, credit: 1000, amount: 4000, points: 0 });
    // The quote changes nothing.
    expect((await planChangePayments(subscriptionId)).results).toHaveLength(0);

    const changed = await call("change-plan", { subscriptionId, itemId: proItem }, { cookie: client.cookie });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ amount: 4000, credit: 1000 });
    const ref: string = changed.body.referenceId;
    const detail = await call("payment-detail", { referenceId: ref });
    expect(detail.body.amount).toBe(4000);
    expect(detail.body.lines).toEqual([
      expect.objectContaining({
        kind: "item",
        refId: proItem,
        lineTotal: 4000,
        proration: expect.objectContaining({ fromSubscriptionId: subscriptionId, fullPrice: 5000, daysLeft: 10, credit: 1000 }),
      }),
    ]);
    // Not paid yet: the current plan runs on.
    expect(Date.parse((await subscription(subscriptionId))!.endsAt)).toBeGreaterThan(Date.now() + 9 * DAY);

    expect((await call("confirm-payment", { referenceId: ref }, { cookie: admin.cookie })).status).toBe(200);
    const old = (await subscription(subscriptionId))!;
    expect(Date.parse(old.endsAt)).toBeLessThanOrEqual(Date.now());
    expect(old.autoRenew).toBe(0);
    const next = await env.DB.prepare("SELECT startsAt, endsAt, autoRenew FROM subscriptions WHERE userId = ?1 AND itemId = ?2")
      .bind(client.userId, proItem)
      .first<{ startsAt: string; endsAt: string; autoRenew: number }>();
    expect(next!.autoRenew).toBe(1);
    expect(Date.parse(next!.endsAt) - Date.parse(next!.startsAt)).toBe(30 * DAY);
    const paid = await call("payment-detail", { referenceId: ref });
    expect(paid.body.invoiceNumber).toBeGreaterThan(0);
    // Paid once: the old subscription cannot change again.
    const again = await call("change-plan", { subscriptionId, itemId: proItem }, { cookie: client.cookie });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("subscription_not_active");
  });

  it("a downgrade costs nothing, is granted at once and leaves the difference as points (ledger = balance)", async () => {
    await env.DB.prepare("UPDATE bundles SET bundleIsActive = 0").run();
    await createBundle({ points: 100, ppp: 10 }); // 1,000 for 100 points: 0.1 point per minor unit
    const client = await createUser();
    const { subscriptionId } = await runningPlan(client, { price: 5000, endsInMs: 15 * DAY + HOUR });
    const liteItem = await createItem({ name: "Lite plan", price: 1000, days: 30 });
    const before = await quotaAndLedger(client.userId);
    const changed = await call("change-plan", { subscriptionId, itemId: liteItem }, { cookie: client.cookie });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ amount: 0, credit: 2500 });
    const detail = await call("payment-detail", { referenceId: changed.body.referenceId });
    expect(detail.body.status).toBe("paid");
    expect(detail.body.lines[0].proration).toMatchObject({ credit: 2500, points: 150 });
    // The invoice's line shows the proration and the points.
    const payment = await selectPayments(getDb(env.DB), null)
      .where("p.referenceId", "=", changed.body.referenceId)
      .executeTakeFirst();
    const [row] = invoiceDocument(pdfSettingsOf(env), payment as PaymentWithUser, "en").rows;
    expect(row!.description).toMatch(
      /^Lite plan · plan change from Basic plan: .+ less .+ for 15 unused days, the rest as 150 points$/,
    );
    const after = await quotaAndLedger(client.userId);
    expect(after.userQuota).toBe(before.userQuota + 150);
    expect(after.ledger).toBe(after.userQuota);
    const ledger = await env.DB.prepare("SELECT delta, ref FROM quota_ledger WHERE ref = ?1")
      .bind(`plan-change:${changed.body.referenceId}`)
      .all<{ delta: number }>();
    expect(ledger.results).toEqual([expect.objectContaining({ delta: 150 })]);
  });

  it("makes exactly one payment under 10 concurrent calls, and refuses another item while it is open", async () => {
    const client = await createUser();
    const { subscriptionId } = await runningPlan(client, { price: 3000, endsInMs: 20 * DAY + HOUR });
    const proItem = await createItem({ name: "Pro plan", price: 5000, days: 30 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("change-plan", { subscriptionId, itemId: proItem }, { cookie: client.cookie })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.referenceId)).size).toBe(1);
    const payments = (await planChangePayments(subscriptionId)).results;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ referenceId: answers[0]!.body.referenceId, status: "pending", amount: 3000 });

    const otherItem = await createItem({ name: "Team plan", price: 9000, days: 30 });
    const other = await call("change-plan", { subscriptionId, itemId: otherItem }, { cookie: client.cookie });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("plan_change_pending");
    expect((await planChangePayments(subscriptionId)).results).toHaveLength(1);
  });

  it("makes one zero payment and one grant under 10 concurrent downgrades", async () => {
    const client = await createUser();
    const { subscriptionId } = await runningPlan(client, { price: 5000, endsInMs: 15 * DAY + HOUR });
    const liteItem = await createItem({ name: "Lite plan", price: 1000, days: 30 });
    const before = await quotaAndLedger(client.userId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("change-plan", { subscriptionId, itemId: liteItem }, { cookie: client.cookie })),
    );
    const made = answers.filter((a) => a.status === 200);
    // The ones that came after the grant find the subscription already replaced.
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === "subscription_not_active")).toBe(true);
    expect(new Set(made.map((a) => a.body.referenceId)).size).toBe(1);
    expect((await planChangePayments(subscriptionId)).results).toHaveLength(1);
    const subs = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE userId = ?1 AND itemId = ?2")
      .bind(client.userId, liteItem)
      .first<{ n: number }>();
    expect(subs!.n).toBe(1);
    const after = await quotaAndLedger(client.userId);
    expect(after.ledger).toBe(after.userQuota);
    expect(after.userQuota - before.userQuota).toBeGreaterThan(0);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM quota_ledger WHERE userId = ?1 AND ref LIKE 'plan-change:%'")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("refuses another client's subscription, the same item, an item off sale and an ended subscription, changing nothing", async () => {
    const client = await createUser();
    const stranger = await createUser();
    const { itemId, subscriptionId } = await runningPlan(client, { price: 3000, endsInMs: 10 * DAY });
    const proItem = await createItem({ name: "Pro plan", price: 5000, days: 30 });
    const offSale = await createItem({ name: "Old plan", price: 500, days: 30, active: false });

    for (const name of ["quote-plan-change", "change-plan"]) {
      const foreign = await call(name, { subscriptionId, itemId: proItem }, { cookie: stranger.cookie });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe("no_such_subscription");
    }
    const same = await call("change-plan", { subscriptionId, itemId }, { cookie: client.cookie });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe("same_item");
    const gone = await call("change-plan", { subscriptionId, itemId: offSale }, { cookie: client.cookie });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe("not_on_sale");
    const missing = await call("quote-plan-change", { subscriptionId, itemId: 99_999_999 }, { cookie: client.cookie });
    expect(missing.status).toBe(404);
    expect((await planChangePayments(subscriptionId)).results).toHaveLength(0);

    await env.DB.prepare("UPDATE subscriptions SET endsAt = ?2 WHERE subscriptionId = ?1")
      .bind(subscriptionId, new Date(Date.now() - HOUR).toISOString())
      .run();
    const ended = await call("change-plan", { subscriptionId, itemId: proItem }, { cookie: client.cookie });
    expect(ended.status).toBe(409);
    expect(ended.body.code).toBe("subscription_not_active");
    expect((await planChangePayments(subscriptionId)).results).toHaveLength(0);
  });

  it("answers in the caller's language", async () => {
    const client = await createUser();
    const { itemId, subscriptionId } = await runningPlan(client, { price: 3000, endsInMs: 10 * DAY });
    const same = await call(
      "change-plan",
      { subscriptionId, itemId },
      { cookie: `${client.cookie}; language=${encodeURIComponent(JSON.stringify("fr"))}` },
    );
    expect(same.body.error).toBe("C’est déjà le forfait de cet abonnement : choisissez-en un autre.");
  });
});
