import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as statements from "../../worker/src/domain/stats/queries";
import type { Statement } from "../../worker/src/domain/stats/queries";
import { call, countRows, createAdmin, createUser, uniqueEmail } from "./helpers";

/**
 * Figures are checked against rows inserted straight into D1. Each test works in its own period far
 * in the past (the `end` field), so rows other tests write "now" never mix into its sums.
 */

const rand = () => crypto.randomUUID().replaceAll("-", "");

async function insertUser(createdAt: string, role = "client") {
  const row = await env.DB.prepare(
    `INSERT INTO users (userName, userEmail, userRole, passwordHash, passwordSalt, passwordIterations, createdAt)
     VALUES ('Figure User', ?1, ?2, 'x', 'x', 1, ?3) RETURNING userId`,
  )
    .bind(uniqueEmail("figures"), role, createdAt)
    .first<{ userId: number }>();
  return row!.userId;
}

async function insertPayment(userId: number, amount: number, status: string, createdAt: string, paidAt: string | null = null) {
  await env.DB.prepare(
    `INSERT INTO payments (referenceId, userId, amount, currency, status, lines, createdAt, expiresAt, paidAt)
     VALUES (?1, ?2, ?3, 'USD', ?4, '[]', ?5, ?5, ?6)`,
  )
    .bind(rand(), userId, amount, status, createdAt, paidAt)
    .run();
}

async function insertSite(name = "Figures site") {
  const site = await env.DB.prepare("INSERT INTO sites (siteName, siteDesc, sitePrice) VALUES (?1, 'd', 5) RETURNING siteId")
    .bind(`${name} ${rand().slice(0, 6)}`)
    .first<{ siteId: number }>();
  return site!.siteId;
}

async function insertVendor(siteId: number, name: string) {
  const vendor = await env.DB.prepare(
    "INSERT INTO vendor_accounts (vendorSiteID, vendorName, loginMethod) VALUES (?1, ?2, 'cookie') RETURNING vendorId",
  )
    .bind(siteId, name)
    .first<{ vendorId: number }>();
  return vendor!.vendorId;
}

async function insertJob(opts: { userId: number; siteId: number; vendorId?: number; status: 0 | 1 | 2; createdAt: string }) {
  await env.DB.prepare(
    `INSERT INTO history (uniqueId, userId, siteId, vendorId, siteName, fileName, fileKey, pointsSpent, status, similarity, createdAt)
     VALUES (?1, ?2, ?3, ?4, 'Stored name', 'paper.pdf', 'k', 5, ?5, ?6, ?7)`,
  )
    .bind(rand(), opts.userId, opts.siteId, opts.vendorId ?? null, opts.status, opts.status === 1 ? 12 : null, opts.createdAt)
    .run();
}

async function insertLedger(userId: number, delta: number, reason: string, createdAt: string) {
  await env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, createdAt) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(userId, delta, reason, rand(), createdAt)
    .run();
}

async function insertItem() {
  const item = await env.DB.prepare(
    "INSERT INTO items (itemName, itemPrice, itemDuration) VALUES (?1, 100, 30) RETURNING itemId, itemName",
  )
    .bind(`Plan ${rand().slice(0, 6)}`)
    .first<{ itemId: number; itemName: string }>();
  return item!;
}

async function insertSubscription(userId: number, itemId: number, startsAt: string, endsAt: string) {
  await env.DB.prepare("INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(userId, itemId, startsAt, endsAt, rand())
    .run();
}

async function insertRedeemedCoupon(usedAt: string, quota = 20) {
  await env.DB.prepare(
    "INSERT INTO coupons (couponCode, couponQuota, couponExpired, couponUsed, couponUsedDate) VALUES (?1, ?2, '2099-12-31', 'Y', ?3)",
  )
    .bind(rand(), quota, usedAt)
    .run();
}

const stats = (cookie: string, body: object) => call("dashboard-stats", body, { cookie });

describe("dashboard-stats: who may call it and bad input", () => {
  it("needs a signed-in user", async () => {
    const res = await call("dashboard-stats", {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
  });

  it("refuses a role without read Dashboard", async () => {
    const role = `nodash-${rand().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1)").bind(role).run();
    const user = await createUser({ role });
    const res = await stats(user.cookie, {});
    expect(res.status).toBe(403);
  });

  it("rejects a range other than 7, 30, 90 or 365 days and a bad end date, changing nothing", async () => {
    const admin = await createAdmin();
    const auditBefore = await countRows("audit_log");
    const bad = await stats(admin.cookie, { range: 15 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_input", field: "range" });
    expect((await stats(admin.cookie, { range: "week" })).status).toBe(400);
    const badEnd = await stats(admin.cookie, { end: "2001-02-30" });
    expect(badEnd.status).toBe(400);
    expect(badEnd.body.field).toBe("end");
    expect(await countRows("audit_log")).toBe(auditBefore);
  });

  it("defaults to 30 days ending today (UTC) and accepts the range as text", async () => {
    const admin = await createAdmin();
    const res = await stats(admin.cookie, {});
    expect(res.status).toBe(200);
    expect(res.body.range).toBe(30);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.to).toBe(new Date().toISOString().slice(0, 10));
    const text = await stats(admin.cookie, { range: "90" });
    expect(text.body.days).toHaveLength(90);
    // An end in the future is today.
    const future = await stats(admin.cookie, { range: 7, end: "2999-01-01" });
    expect(future.body.to).toBe(res.body.to);
  });
});

describe("dashboard-stats: business figures for admins", () => {
  it("counts revenue net of refunds, on the day of the sale they undo (issue 26)", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2008-01-01T00:00:00.000Z");
    await insertPayment(payer, 1000, "paid", "2008-03-03T10:00:00.000Z", "2008-03-03T10:00:00.000Z");
    await insertPayment(payer, 500, "paid", "2008-03-04T10:00:00.000Z", "2008-03-04T10:00:00.000Z");
    const refund = (amount: number, refunded: number, status: string) =>
      env.DB.prepare("UPDATE payments SET refundedAmount = ?2, status = ?3 WHERE userId = ?4 AND amount = ?1")
        .bind(amount, refunded, status, payer)
        .run();
    await refund(1000, 400, "partially_refunded");
    await refund(500, 500, "refunded");
    // Each figure in its own period: the business figures of a period are kept a minute.
    const res = await stats(admin.cookie, { range: 7, end: "2008-03-05" });
    expect(res.body.business.series.revenue.slice(-3)).toEqual([600, 0, 0]);
    expect(res.body.business.kpis.revenue.current).toBe(600);
    expect(res.body.business.kpis.paidPayments.current).toBe(2);
    await refund(1000, 1000, "refunded");
    const later = await stats(admin.cookie, { range: 7, end: "2008-03-06" });
    expect(later.body.business.kpis.revenue.current).toBe(0);
  });

  it("sums revenue per UTC day, splitting rows at midnight, with the previous period", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2001-01-01T00:00:00.000Z");
    // Period: 2001-06-24 .. 2001-06-30; previous: 2001-06-17 .. 2001-06-23.
    await insertPayment(payer, 1000, "paid", "2001-06-26T20:00:00.000Z", "2001-06-26T23:59:59.999Z");
    await insertPayment(payer, 250, "paid", "2001-06-26T21:00:00.000Z", "2001-06-27T00:00:00.000Z");
    await insertPayment(payer, 300, "paid", "2001-06-27T10:00:00.000Z", "2001-06-27T12:00:00.000Z");
    await insertPayment(payer, 70, "paid", "2001-06-30T22:00:00.000Z", "2001-06-30T23:59:59.999Z");
    await insertPayment(payer, 9999, "paid", "2001-06-30T23:00:00.000Z", "2001-07-01T00:00:00.000Z");
    await insertPayment(payer, 400, "paid", "2001-06-23T12:00:00.000Z", "2001-06-23T23:59:59.999Z");
    await insertPayment(payer, 500, "pending", "2001-06-25T09:00:00.000Z");
    await insertPayment(payer, 600, "pending", "2001-06-29T09:00:00.000Z");
    await insertPayment(payer, 800, "cancelled", "2001-06-28T09:00:00.000Z");
    await insertPayment(payer, 900, "expired", "2001-06-24T00:00:00.000Z");
    await insertPayment(payer, 111, "awaiting_confirmation", "2001-06-23T23:59:59.999Z");

    const res = await stats(admin.cookie, { range: 7, end: "2001-06-30" });
    expect(res.status).toBe(200);
    const { business, days } = res.body;
    expect(days).toEqual(["2001-06-24", "2001-06-25", "2001-06-26", "2001-06-27", "2001-06-28", "2001-06-29", "2001-06-30"]);
    expect(business.series.revenue).toEqual([0, 0, 1000, 550, 0, 0, 70]);
    expect(business.series.paidPayments).toEqual([0, 0, 1, 2, 0, 0, 1]);
    expect(business.kpis.revenue).toEqual({ current: 1620, previous: 400 });
    expect(business.kpis.paidPayments).toEqual({ current: 4, previous: 1 });
    // Payments created in the period, by status (the 23:59:59.999 one belongs to the previous period).
    const byStatus = Object.fromEntries(business.paymentsByStatus.map((s: any) => [s.status, [s.count, s.amount]]));
    expect(byStatus).toEqual({
      pending: [2, 1100],
      awaiting_confirmation: [0, 0],
      paid: [5, 11619],
      cancelled: [1, 800],
      expired: [1, 900],
      refunded: [0, 0],
      partially_refunded: [0, 0],
    });
    expect(business.series.payments).toEqual([1, 1, 2, 1, 1, 1, 2]);
    expect(business.setup.hasPayments).toBe(true);
  });

  it("tells whether the deployment can send mail, never the key", async () => {
    const admin = await createAdmin();
    const local = await stats(admin.cookie, { range: 7, end: "2003-01-31" });
    expect(local.body.business.setup.mailDelivery).toBe(false);
    const configured = { ...env, MAIL_API_URL: "https://mail.example.test/send", MAIL_API_KEY: "secret-mail-key" };
    const res = await call("dashboard-stats", { range: 7, end: "2003-01-31" }, { cookie: admin.cookie, env: configured });
    expect(res.body.business.setup.mailDelivery).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain("secret-mail-key");
  });

  it("only counts what the range covers: 7 days leave out what 30 days include", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2002-01-01T00:00:00.000Z");
    await insertPayment(payer, 100, "paid", "2002-09-29T10:00:00.000Z", "2002-09-29T10:00:00.000Z");
    await insertPayment(payer, 200, "paid", "2002-09-10T10:00:00.000Z", "2002-09-10T10:00:00.000Z");
    await insertPayment(payer, 400, "paid", "2002-07-15T10:00:00.000Z", "2002-07-15T10:00:00.000Z");
    const week = await stats(admin.cookie, { range: 7, end: "2002-09-30" });
    const month = await stats(admin.cookie, { range: 30, end: "2002-09-30" });
    const quarter = await stats(admin.cookie, { range: 90, end: "2002-09-30" });
    expect(week.body.business.kpis.revenue.current).toBe(100);
    expect(month.body.business.kpis.revenue.current).toBe(300);
    expect(quarter.body.business.kpis.revenue.current).toBe(700);
    expect(month.body.days[0]).toBe("2002-09-01");
    expect(quarter.body.business.series.revenue).toHaveLength(90);
  });

  it("counts new users per day, active subscriptions now and at the start, points, coupons", async () => {
    const admin = await createAdmin();
    // Period: 2003-03-04 .. 2003-03-10; previous: 2003-02-25 .. 2003-03-03.
    const u1 = await insertUser("2003-03-04T00:00:00.000Z");
    await insertUser("2003-03-04T23:59:59.999Z");
    await insertUser("2003-03-05T00:00:00.000Z");
    await insertUser("2003-03-03T23:59:59.999Z");
    await insertUser("2003-03-11T00:00:00.000Z");
    const item = await insertItem();
    await insertSubscription(u1, item.itemId, "2003-02-01T00:00:00.000Z", "2003-05-01T00:00:00.000Z"); // both
    await insertSubscription(u1, item.itemId, "2003-03-06T00:00:00.000Z", "2003-04-06T00:00:00.000Z"); // now only
    await insertSubscription(u1, item.itemId, "2003-02-20T00:00:00.000Z", "2003-03-07T00:00:00.000Z"); // start only
    await insertSubscription(u1, item.itemId, "2003-02-01T00:00:00.000Z", "2003-03-01T00:00:00.000Z"); // neither
    await insertLedger(u1, 100, "grant", "2003-03-04T10:00:00.000Z");
    await insertLedger(u1, 50, "grant", "2003-03-10T23:59:59.999Z");
    await insertLedger(u1, 70, "grant", "2003-03-02T10:00:00.000Z");
    await insertLedger(u1, -15, "spend", "2003-03-05T10:00:00.000Z");
    await insertLedger(u1, -5, "spend", "2003-03-06T10:00:00.000Z");
    await insertLedger(u1, 5, "refund", "2003-03-06T11:00:00.000Z");
    await insertLedger(u1, -9, "spend", "2003-03-01T11:00:00.000Z");
    await insertLedger(u1, 20, "redeem", "2003-03-08T11:00:00.000Z");
    await insertLedger(u1, 999, "adjust", "2003-03-08T11:00:00.000Z");
    await insertRedeemedCoupon("2003-03-08T11:00:00.000Z");
    await insertRedeemedCoupon("2003-03-09T00:00:00.000Z");
    await insertRedeemedCoupon("2003-03-03T23:59:59.999Z");

    const res = await stats(admin.cookie, { range: 7, end: "2003-03-10" });
    const b = res.body.business;
    expect(b.series.newUsers).toEqual([2, 1, 0, 0, 0, 0, 0]);
    expect(b.kpis.newUsers).toEqual({ current: 3, previous: 1 });
    expect(b.kpis.activeSubscriptions).toEqual({ current: 2, previous: 2 });
    expect(b.subscriptionsByItem).toContainEqual({ itemId: item.itemId, itemName: item.itemName, active: 2 });
    expect(b.series.pointsSold).toEqual([100, 0, 0, 0, 0, 0, 50]);
    expect(b.series.pointsSpent).toEqual([0, 15, 0, 0, 0, 0, 0]);
    expect(b.kpis.pointsSold).toEqual({ current: 150, previous: 70 });
    expect(b.kpis.pointsSpent).toEqual({ current: 15, previous: 9 });
    expect(b.series.pointsRedeemed).toEqual([0, 0, 0, 0, 20, 0, 0]);
    expect(b.series.couponsRedeemed).toEqual([0, 0, 0, 0, 1, 1, 0]);
    expect(b.kpis.couponsRedeemed).toEqual({ current: 2, previous: 1 });
  });

  it("counts jobs by status, by site and by vendor account, with the queue", async () => {
    const admin = await createAdmin();
    const user = await insertUser("2004-01-01T00:00:00.000Z");
    const siteA = await insertSite("Site A");
    const siteB = await insertSite("Site B");
    const vendorA1 = await insertVendor(siteA, `A1 ${rand().slice(0, 6)}`);
    const vendorA2 = await insertVendor(siteA, `A2 ${rand().slice(0, 6)}`);
    const vendorB1 = await insertVendor(siteB, `B1 ${rand().slice(0, 6)}`);
    // Period: 2004-05-25 .. 2004-05-31.
    await insertJob({ userId: user, siteId: siteA, vendorId: vendorA1, status: 1, createdAt: "2004-05-25T00:00:00.000Z" });
    await insertJob({ userId: user, siteId: siteA, vendorId: vendorA1, status: 1, createdAt: "2004-05-26T12:00:00.000Z" });
    await insertJob({ userId: user, siteId: siteA, vendorId: vendorA2, status: 2, createdAt: "2004-05-26T23:59:59.999Z" });
    await insertJob({ userId: user, siteId: siteA, vendorId: vendorA2, status: 0, createdAt: "2004-05-31T23:00:00.000Z" });
    await insertJob({ userId: user, siteId: siteB, vendorId: vendorB1, status: 0, createdAt: "2004-05-27T00:00:00.000Z" });
    await insertJob({ userId: user, siteId: siteB, vendorId: vendorB1, status: 1, createdAt: "2004-05-24T23:59:59.999Z" });
    // Still queued from before the period: part of the vendor's queue, not of the period's jobs.
    await insertJob({ userId: user, siteId: siteB, vendorId: vendorB1, status: 0, createdAt: "2004-05-20T10:00:00.000Z" });

    const res = await stats(admin.cookie, { range: 7, end: "2004-05-31" });
    const b = res.body.business;
    expect(b.series.jobs).toEqual([1, 2, 1, 0, 0, 0, 1]);
    expect(b.series.jobsDone).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(b.series.jobsFailed).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(b.jobsByStatus).toEqual({ queued: 2, done: 2, failed: 1 });
    expect(b.kpis.jobs).toEqual({ current: 5, previous: 2 });
    const sites = Object.fromEntries(b.jobsBySite.map((s: any) => [s.siteId, s]));
    expect(sites[siteA]).toMatchObject({ jobs: 4, done: 2, failed: 1, points: 20 });
    expect(sites[siteB]).toMatchObject({ jobs: 1, done: 0, failed: 0, points: 5 });
    expect(b.jobsBySite[0].siteId).toBe(siteA);
    const vendors = Object.fromEntries(b.vendorLoad.map((v: any) => [v.vendorId, [v.jobs, v.queued]]));
    expect(vendors[vendorA1]).toEqual([2, 0]);
    expect(vendors[vendorA2]).toEqual([2, 1]);
    expect(vendors[vendorB1]).toEqual([1, 2]);
  });
});

describe("dashboard-stats: subscriptions active now", () => {
  it("adds today's starts and ends up to this moment to the roll-ups of the days before", async () => {
    const admin = await createAdmin();
    const user = await insertUser("2008-01-01T00:00:00.000Z");
    const item = await insertItem();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const midnight = Date.parse(`${iso(now).slice(0, 10)}T00:00:00.000Z`);
    // Started today before now (counts), started before today and ended today before now (does not),
    // starts later today (does not yet), started yesterday and runs on (counts).
    await insertSubscription(user, item.itemId, iso(Math.max(midnight, now - 60_000)), iso(now + 86_400_000));
    await insertSubscription(user, item.itemId, iso(midnight - 3_600_000), iso(Math.max(midnight, now - 1_000)));
    await insertSubscription(user, item.itemId, iso(now + 3_600_000), iso(now + 2 * 86_400_000));
    await insertSubscription(user, item.itemId, iso(midnight - 86_400_000), iso(now + 86_400_000));
    const raw = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE startsAt <= ?1 AND endsAt > ?1")
      .bind(new Date().toISOString())
      .first<{ n: number }>();
    // Today's 365-day figures are not in the short cache yet (no other test asks for them).
    const res = await stats(admin.cookie, { range: 365 });
    expect(res.body.business.kpis.activeSubscriptions.current).toBe(raw!.n);
    expect(res.body.business.subscriptionsByItem).toContainEqual({ itemId: item.itemId, itemName: item.itemName, active: 2 });
  });
});

describe("dashboard-stats: own figures", () => {
  it("gives a client their own balance over time, jobs and subscriptions, and no business figures", async () => {
    const client = await createUser();
    const other = await createUser();
    // Period: 2005-03-04 .. 2005-03-10. Balance = sum of the ledger = 120.
    await insertLedger(client.userId, 100, "grant", "2005-03-01T00:00:00.000Z");
    await insertLedger(client.userId, -10, "spend", "2005-03-05T23:59:59.999Z");
    await insertLedger(client.userId, 10, "refund", "2005-03-06T00:00:00.000Z");
    await insertLedger(client.userId, -30, "spend", "2005-03-08T09:00:00.000Z");
    await insertLedger(client.userId, 50, "redeem", "2005-03-20T09:00:00.000Z");
    await env.DB.prepare("UPDATE users SET userQuota = 120 WHERE userId = ?1").bind(client.userId).run();
    await insertLedger(other.userId, 500, "grant", "2005-03-05T09:00:00.000Z");
    const site = await insertSite();
    for (const status of [1, 1, 2, 0] as const) {
      await insertJob({ userId: client.userId, siteId: site, status, createdAt: "2005-03-07T10:00:00.000Z" });
    }
    await insertJob({ userId: other.userId, siteId: site, status: 1, createdAt: "2005-03-07T10:00:00.000Z" });
    const item = await insertItem();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await insertSubscription(client.userId, item.itemId, iso(now - 5 * 86_400_000), iso(now + 10 * 86_400_000 - 60_000));
    await insertSubscription(client.userId, item.itemId, iso(now - 50 * 86_400_000), iso(now - 86_400_000));
    await insertSubscription(other.userId, item.itemId, iso(now - 5 * 86_400_000), iso(now + 3 * 86_400_000));

    const res = await stats(client.cookie, { range: 7, end: "2005-03-10" });
    expect(res.status).toBe(200);
    expect(res.body.business).toBeNull();
    const own = res.body.own;
    expect(own.balance).toBe(120);
    expect(own.balanceSeries).toEqual([100, 90, 100, 100, 70, 70, 70]);
    expect(own.pointsAdded).toBe(10);
    expect(own.pointsUsed).toBe(40);
    expect(own.jobsByStatus).toEqual({ queued: 1, done: 2, failed: 1 });
    expect(own.recentJobs).toHaveLength(4);
    expect(own.recentJobs.every((j: any) => j.siteName === "Stored name")).toBe(true);
    expect(own.subscriptions).toEqual([expect.objectContaining({ itemId: item.itemId, itemName: item.itemName, daysLeft: 10 })]);
  });

  it("gives business figures to a role that reads every payment, only the parts its rules reach", async () => {
    const role = `support-${rand().slice(0, 8)}`;
    const created = await env.DB.prepare("INSERT INTO roles (roleName) VALUES (?1) RETURNING roleId")
      .bind(role)
      .first<{ roleId: number }>();
    for (const [action, subject] of [
      ["read", "Dashboard"],
      ["read", "Payment"],
    ]) {
      await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, ?2, ?3)")
        .bind(created!.roleId, action, subject)
        .run();
    }
    const support = await createUser({ role });
    const payer = await insertUser("2006-01-01T00:00:00.000Z");
    await insertPayment(payer, 123, "paid", "2006-04-03T10:00:00.000Z", "2006-04-03T10:00:00.000Z");
    const res = await stats(support.cookie, { range: 7, end: "2006-04-05" });
    expect(res.status).toBe(200);
    expect(res.body.business.kpis.revenue.current).toBe(123);
    expect(res.body.business.kpis).not.toHaveProperty("jobs");
    expect(res.body.business).not.toHaveProperty("vendorLoad");
    expect(res.body.business).not.toHaveProperty("jobsBySite");
    // Without rules over its own quota or jobs, those parts are left out too.
    expect(res.body.own).not.toHaveProperty("balance");
    expect(res.body.own).not.toHaveProperty("recentJobs");
  });
});

describe("dashboard-stats: the short cache", () => {
  it("keeps the business figures for a minute, while the caller's own figures are always fresh", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2007-01-01T00:00:00.000Z");
    await insertPayment(payer, 100, "paid", "2007-05-10T10:00:00.000Z", "2007-05-10T10:00:00.000Z");
    const first = await stats(admin.cookie, { range: 7, end: "2007-05-12" });
    expect(first.body.business.kpis.revenue.current).toBe(100);
    expect(first.body.own.balance).toBe(0);

    await insertPayment(payer, 50, "paid", "2007-05-11T10:00:00.000Z", "2007-05-11T10:00:00.000Z");
    await insertLedger(admin.userId, 30, "adjust", "2007-05-11T10:00:00.000Z");
    await env.DB.prepare("UPDATE users SET userQuota = 30 WHERE userId = ?1").bind(admin.userId).run();
    const second = await stats(admin.cookie, { range: 7, end: "2007-05-12" });
    expect(second.body.business.kpis.revenue.current).toBe(100);
    expect(second.body.generatedAt).toBe(first.body.generatedAt);
    expect(second.body.own.balance).toBe(30);
    expect(second.body.own.balanceSeries.at(-1)).toBe(30);
    // Another period is another entry, computed from the rows as they are now.
    const month = await stats(admin.cookie, { range: 30, end: "2007-05-12" });
    expect(month.body.business.kpis.revenue.current).toBe(150);
  });
});

describe("dashboard-stats: a cache miss", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the business figures with the caller's own in one round trip, without the Cache API", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2009-01-01T00:00:00.000Z");
    await insertPayment(payer, 40, "paid", "2009-03-10T10:00:00.000Z", "2009-03-10T10:00:00.000Z");
    // A first call loads the session; later calls re-check it within their own round trip.
    await stats(admin.cookie, { range: 7, end: "2009-01-31" });
    const match = vi.spyOn(caches.default, "match");
    const put = vi.spyOn(caches.default, "put");
    const miss = await stats(admin.cookie, { range: 30, end: "2009-03-12" });
    expect(miss.body.business.kpis.revenue.current).toBe(40);
    expect(miss.body.own.balance).toBe(0);
    expect(miss.usage?.roundTrips).toBe(1);
    expect(match).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
  });
});

describe("dashboard-stats: the isolate's short cache", () => {
  afterEach(() => vi.useRealTimers());

  it("answers the same figures within their minute, and recomputes them once it is over", async () => {
    const admin = await createAdmin();
    const payer = await insertUser("2008-01-01T00:00:00.000Z");
    await insertPayment(payer, 70, "paid", "2008-06-10T10:00:00.000Z", "2008-06-10T10:00:00.000Z");
    const body = { range: 7, end: "2008-06-12" };
    const first = await stats(admin.cookie, body);
    await insertPayment(payer, 30, "paid", "2008-06-11T10:00:00.000Z", "2008-06-11T10:00:00.000Z");
    const kept = await stats(admin.cookie, body);
    // Spliced in as text: the whole answer is the first one's but for the caller's own figures.
    expect(kept.body).toEqual(first.body);
    expect(Object.keys(kept.body)).toEqual(expect.arrayContaining(["range", "days", "currency", "own", "business"]));

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(first.body.generatedAt) + 61_000);
    const later = await stats(admin.cookie, body);
    expect(later.body.business.kpis.revenue.current).toBe(100);
    expect(later.body.generatedAt).not.toBe(first.body.generatedAt);
  });
});

describe("dashboard-stats: every statement reads index ranges of roll-ups or of the caller's rows", () => {
  const STATEMENTS: Record<string, Statement> = {
    setup: statements.setup(),
    days: statements.days("2004-01-01", "2005-01-01"),
    paymentsByStatus: statements.paymentsByStatus("2004-01-01", "2005-01-01"),
    subscriptionsAt: statements.subscriptionsAt("2005-02-10T12:00:00.000Z"),
    jobsBySite: statements.jobsBySite("2004-01-01", "2005-01-01"),
    vendorLoad: statements.vendorLoad("2004-01-01", "2005-01-01"),
    ownQuota: statements.ownQuota(1),
    ownDays: statements.ownDays(1, "2005-01-01"),
    ownRecentJobs: statements.ownRecentJobs(1),
    ownSubscriptions: statements.ownSubscriptions(1, "2005-01-01T00:00:00.000Z"),
  };
  const EXPECTED: Record<string, string[]> = {
    days: ["daily_stats USING PRIMARY KEY (day>? AND day<?)"],
    paymentsByStatus: ["daily_payment_stats USING PRIMARY KEY (day>? AND day<?)"],
    subscriptionsAt: ["subscription_days USING PRIMARY KEY", "subscriptions_starts", "subscriptions_ends"],
    jobsBySite: ["daily_site_stats USING PRIMARY KEY (day>? AND day<?)"],
    vendorLoad: ["daily_vendor_stats USING PRIMARY KEY (day>? AND day<?)", "history_status (status=?)"],
    ownDays: ["daily_user_stats USING PRIMARY KEY (userId=? AND day>?)"],
    ownRecentJobs: ["history_user"],
    ownSubscriptions: ["subscriptions_user"],
  };
  // Tables (and the aliases the statements give them) that grow with the data.
  const LARGE =
    /^(payments|users|history|quota_ledger|coupons|subscriptions|sub|s|counters|daily_stats|daily_\w+|d|subscription_days)$/;

  it.each(Object.keys(STATEMENTS))("%s never scans a large table", async (name) => {
    const { sql, binds } = STATEMENTS[name]!;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...binds)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    for (const index of EXPECTED[name] ?? []) expect(details.join("\n")).toContain(index);
    // A full scan reads "SCAN <table>" (an index search reads "SEARCH").
    expect(details.filter((d) => d.startsWith("SCAN ") && LARGE.test(d.split(" ")[1] ?? ""))).toEqual([]);
  });
});
