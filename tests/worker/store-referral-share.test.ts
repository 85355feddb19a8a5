import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createAdmin, uniqueEmail, type TestUser } from "./helpers";

/** The referral share of store-stats (issue 41 item 5, migration 0400): referred sign-ups and revenue, net of refunds. */

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});

/** An account created on `createdAt` (a day of its own period: rows other tests write now never mix in). */
async function accountOn(createdAt: string) {
  const row = await env.DB.prepare(
    `INSERT INTO users (userName, userEmail, userRole, passwordHash, passwordSalt, passwordIterations, createdAt)
     VALUES ('Share', ?1, 'client', 'x', 'x', 1, ?2) RETURNING userId`,
  )
    .bind(uniqueEmail("share"), createdAt)
    .first<{ userId: number }>();
  return row!.userId;
}

const refer = (refereeId: number, referrerId: number) =>
  env.DB.prepare("INSERT INTO referrals (refereeId, referrerId, referrerPoints, refereePoints) VALUES (?1, ?2, 100, 50)")
    .bind(refereeId, referrerId)
    .run();

async function paid(userId: number, amount: number, paidAt: string | null) {
  const referenceId = crypto.randomUUID().replaceAll("-", "");
  await env.DB.prepare(
    `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, createdAt, expiresAt, paidAt)
     VALUES (?1, ?2, ?3, 'USD', ?4, '[]', ?5, ?5, ?6)`,
  )
    .bind(referenceId, userId, amount, paidAt ? "paid" : "pending", paidAt ?? "2004-01-01T00:00:00.000Z", paidAt)
    .run();
  return referenceId;
}

const refund = (referenceId: string, refundedAmount: number) =>
  env.DB.prepare("UPDATE payments SET status = 'partially_refunded', refundedAmount = ?2 WHERE referenceId = ?1")
    .bind(referenceId, refundedAmount)
    .run();

const stats = async (range: number, end: string) => {
  const res = await call("store-stats", { range, end }, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.body as { kpis: Record<string, { current: number }>; referrals: unknown };
};

describe("store-stats referral share", () => {
  it("counts referred sign-ups and what referred clients paid net of refunds, per range", async () => {
    const referrer = await accountOn("2004-01-02T00:00:00.000Z");
    const referee = await accountOn("2004-03-10T00:00:00.000Z");
    const tiedLater = await accountOn("2004-03-12T00:00:00.000Z");
    const plain = await accountOn("2004-03-15T00:00:00.000Z");
    await refer(referee, referrer);
    const first = await paid(referee, 4000, "2004-03-20T00:00:00.000Z");
    await refund(first, 1000);
    await paid(plain, 6000, "2004-03-21T00:00:00.000Z");
    // Tied by my-referral after signing up, then paid a pending payment: the update counts it.
    const pending = await paid(tiedLater, 2000, null);
    await refer(tiedLater, referrer);
    await env.DB.prepare("UPDATE payments SET status = 'paid', paidAt = '2004-03-25T00:00:00.000Z' WHERE referenceId = ?1")
      .bind(pending)
      .run();

    const march = await stats(30, "2004-03-30");
    expect(march.kpis.newCustomers!.current).toBe(3);
    expect(march.kpis.revenue!.current).toBe(11000);
    expect(march.referrals).toEqual({
      newCustomers: { current: 2, previous: 0 },
      revenue: { current: 5000, previous: 0 },
    });
    // The week of 15–21 March: the first referred payment, no referred sign-up; both sign-ups the week before.
    expect((await stats(7, "2004-03-21")).referrals).toEqual({
      newCustomers: { current: 0, previous: 2 },
      revenue: { current: 3000, previous: 0 },
    });
    // The whole refund of the referred payment takes its revenue out; the referral still counts.
    await refund(first, 4000);
    expect((await stats(30, "2004-03-30")).referrals).toEqual({
      newCustomers: { current: 2, previous: 0 },
      revenue: { current: 2000, previous: 0 },
    });
  });

  it("answers zero, not an error, before any referral", async () => {
    expect((await stats(7, "2001-01-07")).referrals).toEqual({
      newCustomers: { current: 0, previous: 0 },
      revenue: { current: 0, previous: 0 },
    });
  });
});
