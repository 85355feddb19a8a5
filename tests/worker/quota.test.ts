import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, countRows, createAdmin, createCoupon, createUser, quotaAndLedger } from "./helpers";
import { paidTransfer, refund } from "./refund-support";

const couponRow = (couponId: number) =>
  env.DB.prepare("SELECT couponUsed, couponUsedBy, couponUsedDate FROM coupons WHERE couponId = ?1")
    .bind(couponId)
    .first<{ couponUsed: string; couponUsedBy: number | null; couponUsedDate: string | null }>();

describe("redeem-coupon", () => {
  it("credits the coupon's points once, with a ledger row, and marks it used", async () => {
    const user = await createUser({ quota: 0 });
    const { couponId, code } = await createCoupon({ quota: 75 });
    const res = await call("redeem-coupon", { couponCode: code.toLowerCase() }, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body.userQuota).toBe(75);
    expect(await quotaAndLedger(user.userId)).toEqual({ userQuota: 75, ledger: 75 });
    expect(await couponRow(couponId)).toMatchObject({ couponUsed: "Y", couponUsedBy: user.userId });
    const ledger = await call("search-quota", {}, { cookie: user.cookie });
    expect(ledger.body).toMatchObject({ userQuota: 75, total: 1, page: 1, limit: 10 });
    expect(ledger.body.data[0]).toMatchObject({ delta: 75, reason: "redeem", ref: `coupon:${couponId}` });
  });

  it("answers 404 for an unknown code and 409 for a used or expired one, crediting nothing", async () => {
    const user = await createUser();
    const used = await createCoupon({ used: true });
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    const expired = await createCoupon({ expires: yesterday });
    const before = await countRows("quota_ledger");
    const unknown = await call("redeem-coupon", { couponCode: "NO-SUCH-CODE" }, { cookie: user.cookie });
    expect(unknown.status).toBe(404);
    const usedRes = await call("redeem-coupon", { couponCode: used.code }, { cookie: user.cookie });
    expect(usedRes.status).toBe(409);
    expect(usedRes.body.code).toBe("coupon_used");
    const expiredRes = await call("redeem-coupon", { couponCode: expired.code }, { cookie: user.cookie });
    expect(expiredRes.status).toBe(409);
    expect(expiredRes.body.code).toBe("coupon_expired");
    expect((await couponRow(expired.couponId))!.couponUsed).toBe("N");
    expect((await call("redeem-coupon", { couponCode: "  " }, { cookie: user.cookie })).body.code).toBe("required");
    expect(await countRows("quota_ledger")).toBe(before);
    expect(await quotaAndLedger(user.userId)).toEqual({ userQuota: 0, ledger: 0 });
  });

  it("is valid through the last day UTC", async () => {
    const user = await createUser();
    const today = new Date().toISOString().slice(0, 10);
    const { code } = await createCoupon({ quota: 5, expires: today });
    expect((await call("redeem-coupon", { couponCode: code }, { cookie: user.cookie })).status).toBe(200);
  });

  it("credits once when 20 redemptions of one coupon race, across users", async () => {
    const users = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const { couponId, code } = await createCoupon({ quota: 40 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call("redeem-coupon", { couponCode: code }, { cookie: users[i % 4]!.cookie })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const totals = await Promise.all(users.map((u) => quotaAndLedger(u.userId)));
    expect(totals.reduce((sum, t) => sum + t.userQuota, 0)).toBe(40);
    for (const t of totals) expect(t.userQuota).toBe(t.ledger);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM quota_ledger WHERE ref = ?1")
      .bind(`coupon:${couponId}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

describe("search-quota", () => {
  it("shows a client their own ledger only, and an admin anyone's", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createAdmin();
    const { code } = await createCoupon({ quota: 9 });
    await call("redeem-coupon", { couponCode: code }, { cookie: owner.cookie });
    expect((await call("search-quota", { userId: owner.userId }, { cookie: other.cookie })).status).toBe(403);
    const seen = await call("search-quota", { userId: owner.userId }, { cookie: admin.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ userQuota: 9, total: 1 });
    expect((await call("search-quota", { limit: 101 }, { cookie: owner.cookie })).status).toBe(400);
    expect((await call("search-quota", {})).status).toBe(401);
  });

  it("names what each row is: a payment's refunds with their credit notes, apart from its purchase and from jobs", async () => {
    // 15 points bought, then refunded in two parts (5 and 10 points): the issue-45 walk.
    const { client, admin, referenceId } = await paidTransfer({ points: 15 });
    const partial = (await refund(admin, { referenceId, amount: 50, reason: "Part" })).body.creditNote;
    const rest = (await refund(admin, { referenceId, reason: "Rest" })).body.creditNote;
    const { code } = await createCoupon({ quota: 4 });
    await call("redeem-coupon", { couponCode: code }, { cookie: client.cookie });
    await call("adjust-quota", { userId: client.userId, delta: 3, reason: "Goodwill" }, { cookie: admin.cookie });
    // A job and its refund, as jobs.ts and history.ts write them.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, -2, 'spend', ?2, 'Site A')").bind(
        client.userId,
        `spend:${client.userId}`,
      ),
      env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref, note) VALUES (?1, 2, 'refund', ?2, 'Site A')").bind(
        client.userId,
        `refund:${client.userId}`,
      ),
    ]);

    const ledger = await call("search-quota", {}, { cookie: client.cookie });
    expect(ledger.status).toBe(200);
    const rows = [...ledger.body.data].reverse();
    expect(rows.map((r: { kind: string; delta: number }) => [r.kind, r.delta])).toEqual([
      ["purchase", 15],
      ["refund", -5],
      ["refund", -10],
      ["coupon", 4],
      ["adjustment", 3],
      ["job", -2],
      ["jobRefund", 2],
    ]);
    expect(rows[0]).toMatchObject({ reason: "grant", referenceId, creditNoteNumber: null });
    expect(rows[1]).toMatchObject({ referenceId, creditNoteNumber: partial.creditNoteNumber });
    expect(rows[2]).toMatchObject({ referenceId, creditNoteNumber: rest.creditNoteNumber });
    expect(partial.creditNoteNumber).not.toBe(rest.creditNoteNumber);
    for (const row of rows.slice(3)) expect(row).toMatchObject({ referenceId: null, creditNoteNumber: null });
    // The admin reads the same words for the client's ledger (the user view).
    const seen = await call("search-quota", { userId: client.userId }, { cookie: admin.cookie });
    expect(seen.body.data).toEqual(ledger.body.data);
  });
});
