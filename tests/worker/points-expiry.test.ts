import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/src/db";
import { expirePoints } from "../../worker/src/domain/points/expire";
import {
  call,
  callForm,
  createAdmin,
  createBundle,
  createCoupon,
  createJobSite,
  createUser,
  pdfFile,
  quotaAndLedger,
  type TestUser,
} from "./helpers";
import { refund } from "./refund-support";

/** Points that expire (issue 40 item 4, decision 0028), driven at chosen times through the cron's step. */

const DAY = 86_400_000;
const portal = { siteName: "Portal", origin: "https://portal.test" };
const runAt = (ms: number) =>
  expirePoints({ db: getDb(env.DB), d1: env.DB, portal, pepper: env.SESSION_PEPPER, now: new Date(Date.now() + ms) });

/** A bundle of `points` valid `validDays` (null: never), bought by transfer and confirmed by an admin. */
async function buy(client: TestUser, points: number, validDays: number | null) {
  const { bundleId } = await createBundle({ points, ppp: 10 });
  await env.DB.prepare("UPDATE bundles SET bundleValidDays = ?1 WHERE bundleId = ?2").bind(validDays, bundleId).run();
  const checkout = await call("checkout", { kind: "bundle", refId: bundleId }, { cookie: client.cookie });
  expect(checkout.status).toBe(200);
  const admin = await createAdmin();
  expect((await call("confirm-payment", { referenceId: checkout.body.referenceId }, { cookie: admin.cookie })).status).toBe(200);
  return { admin, referenceId: checkout.body.referenceId as string };
}

const grantsOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT points, remaining, expiresAt, expiredAt FROM quota_grants WHERE userId = ?1 ORDER BY grantId")
      .bind(userId)
      .all<{ points: number; remaining: number; expiresAt: string; expiredAt: string | null }>()
  ).results;

async function spend(client: TestUser, price: number) {
  const { siteId } = await createJobSite({ price });
  return callForm("submit-job", { siteId: String(siteId), file: pdfFile() }, { cookie: client.cookie });
}

async function redeem(client: TestUser, points: number) {
  const { code } = await createCoupon({ quota: points });
  expect((await call("redeem-coupon", { couponCode: code }, { cookie: client.cookie })).status).toBe(200);
}

describe("a bundle's validity", () => {
  it("is stored from updatebundle, 1 to 3650 days, blank for never, kept when left out", async () => {
    const admin = await createAdmin();
    const base = { bundleId: 0, bundlePoin: 50, bundlePPP: 10, bundleDisc: 0, bundleIsActive: true };
    for (const bad of [0, 3651, "soon", 2.5]) {
      const refused = await call("updatebundle", { ...base, bundleValidDays: bad }, { cookie: admin.cookie });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.field).toBe("bundleValidDays");
    }
    const created = await call("updatebundle", { ...base, bundleValidDays: 90 }, { cookie: admin.cookie });
    expect(created.status).toBe(200);
    expect(created.body.bundle.bundleValidDays).toBe(90);
    const { bundleId } = created.body.bundle;
    const kept = await call("updatebundle", { ...base, bundleId, bundlePoin: 60 }, { cookie: admin.cookie });
    expect(kept.body.bundle).toMatchObject({ bundlePoin: 60, bundleValidDays: 90 });
    const cleared = await call("updatebundle", { ...base, bundleId, bundleValidDays: "" }, { cookie: admin.cookie });
    expect(cleared.body.bundle.bundleValidDays).toBeNull();
    const plain = await call("updatebundle", base, { cookie: admin.cookie });
    expect(plain.body.bundle.bundleValidDays).toBeNull();
  });

  it("gives each purchase of it an expiry date; a bundle without one and a coupon give none", async () => {
    const client = await createUser({ quota: 0 });
    await buy(client, 30, 10);
    await buy(client, 20, null);
    await redeem(client, 5);
    const [grant, ...others] = await grantsOf(client.userId);
    expect(others).toEqual([]);
    expect(grant).toMatchObject({ points: 30, remaining: 30, expiredAt: null });
    expect(Math.abs(Date.parse(grant!.expiresAt) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 55, ledger: 55 });
  });
});

describe("spending", () => {
  it("takes points that expire first, soonest first, and those that never expire last", async () => {
    const client = await createUser({ quota: 0 });
    await redeem(client, 5);
    await buy(client, 10, 30);
    await buy(client, 10, 10);
    expect((await spend(client, 12)).status).toBe(200);
    expect((await grantsOf(client.userId)).map((g) => g.remaining)).toEqual([8, 0]);
    expect((await spend(client, 10)).status).toBe(200);
    expect((await grantsOf(client.userId)).map((g) => g.remaining)).toEqual([0, 0]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 3, ledger: 3 });
  });

  it("never goes below zero when jobs race on points that expire", async () => {
    const client = await createUser({ quota: 0 });
    await buy(client, 7, 30);
    const { siteId } = await createJobSite({ price: 3, vendors: 2 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        callForm("submit-job", { siteId: String(siteId), file: pdfFile(`essay-${n}.pdf`) }, { cookie: client.cookie }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 1, ledger: 1 });
    expect((await grantsOf(client.userId)).map((g) => g.remaining)).toEqual([1]);
  });
});

describe("the cron's expiry", () => {
  it("expires what is left of a grant at its date with a ledger row, so balance = sum of the ledger", async () => {
    const client = await createUser({ quota: 0 });
    await buy(client, 10, 5);
    await redeem(client, 5);
    expect((await spend(client, 4)).status).toBe(200);
    expect((await runAt(4 * DAY)).expired).toBe(0);
    expect((await runAt(6 * DAY)).expired).toBe(1);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 5, ledger: 5 });
    const [grant] = await grantsOf(client.userId);
    expect(grant).toMatchObject({ remaining: 0, expiredAt: expect.any(String) });
    const ledger = await call("search-quota", {}, { cookie: client.cookie });
    expect(ledger.body.data[0]).toMatchObject({ delta: -6, kind: "expiry", reason: "grant" });
    expect(ledger.body.expiries).toEqual([]);
  });

  it("expires once when runs overlap or repeat", async () => {
    const client = await createUser({ quota: 0 });
    await buy(client, 25, 3);
    await buy(client, 15, 2);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => runAt(4 * DAY)));
    expect(outcomes.reduce((sum, o) => sum + o.expired, 0)).toBe(2);
    expect((await runAt(5 * DAY)).expired).toBe(0);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM quota_ledger WHERE userId = ?1 AND ref LIKE 'expire:%'")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(2);
  });

  it("takes no more than the balance when points went otherwise (an admin's adjustment)", async () => {
    const client = await createUser({ quota: 0 });
    const { admin } = await buy(client, 10, 5);
    await buy(client, 10, 20);
    const adjusted = await call("adjust-quota", { userId: client.userId, delta: -14, reason: "test" }, { cookie: admin.cookie });
    expect(adjusted.status).toBe(200);
    // The shortfall belongs to the soonest grant: 6 points are left, all of the later one's.
    const before = await call("search-quota", {}, { cookie: client.cookie });
    expect(before.body.expiries.map((e: { points: number }) => e.points)).toEqual([6]);
    await runAt(6 * DAY);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 6, ledger: 6 });
    await runAt(21 * DAY);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });
});

describe("the reminder", () => {
  it("goes 7 days before, once, as a bell notice and a mail in the client's language", async () => {
    const client = await createUser({ quota: 0 });
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(client.userId).run();
    await buy(client, 40, 10);
    expect((await runAt(2 * DAY)).reminded).toBe(0);
    const runs = await Promise.all([runAt(3.5 * DAY), runAt(3.5 * DAY)]);
    expect(runs[0]!.reminded + runs[1]!.reminded).toBe(1);
    expect((await runAt(4 * DAY)).reminded).toBe(0);
    const notices = await env.DB.prepare(
      "SELECT kind, link, params FROM notifications WHERE userId = ?1 AND kind = 'points-expiring'",
    )
      .bind(client.userId)
      .all<{ kind: string; link: string; params: string }>();
    expect(notices.results).toEqual([expect.objectContaining({ kind: "points-expiring", link: "/portal/quota" })]);
    expect(JSON.parse(notices.results[0]!.params)).toMatchObject({ points: 40 });
    const mails = await env.DB.prepare(
      "SELECT mailSubject, mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = 'points-expiring'",
    )
      .bind(client.email)
      .all<{ mailSubject: string; mailBody: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.mailSubject).toContain("40 points expirent le");
    const bell = await call("search-notification", {}, { cookie: client.cookie });
    expect(bell.body.data[0]).toMatchObject({ kind: "points-expiring", title: expect.stringContaining("40 points") });
  });

  it("is not mailed to a client who turned low-balance mails off, and skips a grant already spent", async () => {
    const client = await createUser({ quota: 0 });
    await env.DB.prepare("UPDATE users SET mailLowBalance = 0 WHERE userId = ?1").bind(client.userId).run();
    await buy(client, 10, 5);
    await buy(client, 6, 6);
    expect((await spend(client, 10)).status).toBe(200);
    expect((await runAt(1 * DAY)).reminded).toBe(1);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE toEmail = ?1 AND mailKind = 'points-expiring'")
      .bind(client.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });
});

describe("the quota page's expiries", () => {
  it("lists what is left of each grant and when it expires, soonest first", async () => {
    const client = await createUser({ quota: 0 });
    await buy(client, 30, 60);
    await buy(client, 20, 15);
    await redeem(client, 7);
    expect((await spend(client, 5)).status).toBe(200);
    const page = await call("search-quota", {}, { cookie: client.cookie });
    expect(page.body.userQuota).toBe(52);
    expect(page.body.expiries).toEqual([
      expect.objectContaining({ points: 15, note: "20 points" }),
      expect.objectContaining({ points: 30, note: "30 points" }),
    ]);
    expect(Date.parse(page.body.expiries[0].expiresAt)).toBeLessThan(Date.parse(page.body.expiries[1].expiresAt));
  });
});

describe("a refund of a payment whose points expire", () => {
  it("takes back what is left of its grant; what was spent stays spent and is named on the credit note", async () => {
    const client = await createUser({ quota: 0 });
    await redeem(client, 50);
    const { admin, referenceId } = await buy(client, 100, 30);
    expect((await spend(client, 60)).status).toBe(200);
    const res = await refund(admin, { referenceId, reason: "Client asked" });
    expect(res.status).toBe(200);
    expect(res.body.creditNote).toMatchObject({ pointsReclaimed: 40, pointsSpent: 60 });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 50, ledger: 50 });
    expect((await grantsOf(client.userId)).map((g) => g.remaining)).toEqual([0]);
  });

  it("takes back nothing of a grant that already expired", async () => {
    const client = await createUser({ quota: 0 });
    await redeem(client, 50);
    const { admin, referenceId } = await buy(client, 100, 2);
    await runAt(3 * DAY);
    const res = await refund(admin, { referenceId, reason: "Client asked" });
    expect(res.status).toBe(200);
    expect(res.body.creditNote).toMatchObject({ pointsReclaimed: 0, pointsSpent: 100 });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 50, ledger: 50 });
  });
});
