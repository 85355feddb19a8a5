import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createBundle, createUser, quotaAndLedger, uniqueEmail, type TestUser } from "./helpers";
import { paidTransfer, refund } from "./refund-support";
import { openSession, postEvent } from "./stripe-support";

const REWARD = Number(env.REFERRAL_REWARD_POINTS);
const WELCOME = Number(env.REFERRAL_NEW_CLIENT_POINTS);

const codeOf = async (user: TestUser) => {
  const res = await call("my-referral", {}, { cookie: user.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { code: string; link: string; referred: number; pointsEarned: number; referredBy: string | null };
};

/** A new client who registers through `code`'s link, signed in. */
async function registerWith(code: string, name = "Referred Client") {
  const email = uniqueEmail("referee");
  const res = await call("register", { userName: name, userEmail: email, password: "correct horse battery", referralCode: code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { userId: res.body.userData.userId as number, email, password: "correct horse battery", cookie: res.cookie! };
}

/** A pending bank-transfer order of `points` (10 a point) by `client`. */
async function order(client: TestUser, points = 100) {
  const bundle = await createBundle({ points, ppp: 10 });
  const res = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
  expect(res.status).toBe(200);
  return res.body.referenceId as string;
}

const referralOf = async (refereeId: number) =>
  env.DB.prepare("SELECT referrerId, status, rewardRef FROM referrals WHERE refereeId = ?1")
    .bind(refereeId)
    .first<{ referrerId: number; status: string; rewardRef: string | null }>();

const ledgerRefs = async (userId: number) =>
  (
    await env.DB.prepare("SELECT ref, delta FROM quota_ledger WHERE userId = ?1 AND ref LIKE 'referral%' ORDER BY ledgerId")
      .bind(userId)
      .all<{ ref: string; delta: number }>()
  ).results;

describe("my-referral", () => {
  it("answers a stable code and its register link", async () => {
    const client = await createUser();
    const first = await codeOf(client);
    expect(first.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(first.link).toBe(`http://portal.test/register?ref=${first.code}`);
    expect(first).toMatchObject({ referred: 0, pointsEarned: 0, referredBy: null });
    expect((await codeOf(client)).code).toBe(first.code);
    expect((await codeOf(await createUser())).code).not.toBe(first.code);
  });

  it("ties an account once, never to its own code and never after its first payment", async () => {
    const ana = await createUser({ name: "Ana Referrer" });
    const ben = await createUser({ name: "Ben Other" });
    const client = await createUser();
    const own = await call("my-referral", { referralCode: (await codeOf(client)).code }, { cookie: client.cookie });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: "self_referral", field: "referralCode" });
    const unknown = await call("my-referral", { referralCode: "NOSUCHCODE" }, { cookie: client.cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("no_such_referral_code");
    expect(await referralOf(client.userId)).toBeNull();

    const tied = await call("my-referral", { referralCode: (await codeOf(ana)).code.toLowerCase() }, { cookie: client.cookie });
    expect(tied.status).toBe(200);
    expect(tied.body.referredBy).toBe("Ana Referrer");
    const again = await call("my-referral", { referralCode: (await codeOf(ben)).code }, { cookie: client.cookie });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_referred");
    expect((await referralOf(client.userId))!.referrerId).toBe(ana.userId);

    const { client: payer } = await paidTransfer({ points: 10 });
    const late = await call("my-referral", { referralCode: (await codeOf(ana)).code }, { cookie: payer.cookie });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("already_paid");
    expect(await referralOf(payer.userId)).toBeNull();
  });
});

describe("register with a referral code", () => {
  it("ties the new client to the referrer; an unknown code creates no account", async () => {
    const referrer = await createUser();
    const { code } = await codeOf(referrer);
    const referee = await registerWith(code);
    expect(await referralOf(referee.userId)).toMatchObject({
      referrerId: referrer.userId,
      status: "registered",
      rewardRef: null,
    });
    expect((await codeOf(referrer)).referred).toBe(1);

    const email = uniqueEmail("nocode");
    const bad = await call("register", {
      userName: "X",
      userEmail: email,
      password: "correct horse battery",
      referralCode: "ZZZZZZZZ",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "no_such_referral_code", field: "referralCode" });
    const made = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE userEmail = ?1").bind(email).first<{ n: number }>();
    expect(made!.n).toBe(0);
  });
});

describe("the referral reward", () => {
  it("is granted once under a 10-way race of admin confirms, to both sides, with ledger rows", async () => {
    const referrer = await createUser();
    const referee = await registerWith((await codeOf(referrer)).code);
    const referenceId = await order(referee, 100);
    const admin = await createAdmin();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("confirm-payment", { referenceId }, { cookie: admin.cookie })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);

    expect(await referralOf(referee.userId)).toMatchObject({ status: "rewarded", rewardRef: referenceId });
    expect(await ledgerRefs(referrer.userId)).toEqual([{ ref: `referral:${referee.userId}`, delta: REWARD }]);
    expect(await ledgerRefs(referee.userId)).toEqual([{ ref: `referral-welcome:${referee.userId}`, delta: WELCOME }]);
    expect(await quotaAndLedger(referrer.userId)).toEqual({ userQuota: REWARD, ledger: REWARD });
    expect(await quotaAndLedger(referee.userId)).toEqual({ userQuota: 100 + WELCOME, ledger: 100 + WELCOME });
    expect(await codeOf(referrer)).toMatchObject({ referred: 1, pointsEarned: REWARD });

    // A second payment pays nothing more.
    const second = await order(referee, 10);
    expect((await call("confirm-payment", { referenceId: second }, { cookie: admin.cookie })).status).toBe(200);
    expect(await ledgerRefs(referrer.userId)).toHaveLength(1);
  });

  it("pays the points an admin set in the store settings (the vars are only the defaults)", async () => {
    const admin = await createAdmin();
    const saved = await call(
      "update-store-settings",
      { referralRewardPoints: 7, referralNewClientPoints: 3 },
      { cookie: admin.cookie },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const referrer = await createUser();
      const referee = await registerWith((await codeOf(referrer)).code);
      const referenceId = await order(referee, 10);
      expect((await call("confirm-payment", { referenceId }, { cookie: admin.cookie })).status).toBe(200);
      expect(await ledgerRefs(referrer.userId)).toEqual([{ ref: `referral:${referee.userId}`, delta: 7 }]);
      expect(await ledgerRefs(referee.userId)).toEqual([{ ref: `referral-welcome:${referee.userId}`, delta: 3 }]);
    } finally {
      await call(
        "update-store-settings",
        { referralRewardPoints: REWARD, referralNewClientPoints: WELCOME },
        { cookie: admin.cookie },
      );
    }
  });

  it("is granted once when Stripe's card webhook is replayed", async () => {
    const referrer = await createUser();
    const { client, referenceId, session } = await openSession(100, true);
    const tied = await call("my-referral", { referralCode: (await codeOf(referrer)).code }, { cookie: client.cookie });
    expect(tied.status).toBe(200);
    const replies = await Promise.all([1, 2, 3].map(() => postEvent("checkout.session.completed", session)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await postEvent("checkout.session.completed", session)).status).toBe(200);

    expect(await referralOf(client.userId)).toMatchObject({ status: "rewarded", rewardRef: referenceId });
    expect(await ledgerRefs(referrer.userId)).toEqual([{ ref: `referral:${client.userId}`, delta: REWARD }]);
    expect(await quotaAndLedger(referrer.userId)).toEqual({ userQuota: REWARD, ledger: REWARD });
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 100 + WELCOME, ledger: 100 + WELCOME });
  });

  it("is taken back when that payment is fully refunded, never below zero, and a partial refund keeps it", async () => {
    const referrer = await createUser();
    const referee = await registerWith((await codeOf(referrer)).code);
    const { admin, referenceId, amount } = await paidTransfer({ points: 100, client: referee });
    expect(await quotaAndLedger(referrer.userId)).toEqual({ userQuota: REWARD, ledger: REWARD });

    const part = await refund(admin, { referenceId, amount: 100, reason: "Part" });
    expect(part.status).toBe(200);
    expect((await referralOf(referee.userId))!.status).toBe("rewarded");
    expect(await quotaAndLedger(referrer.userId)).toEqual({ userQuota: REWARD, ledger: REWARD });

    // The referrer spent some of the reward meanwhile: what is left is taken back, no more.
    const spent = 30;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO quota_ledger (userId, delta, reason, ref) VALUES (?1, ?2, 'spend', ?3)").bind(
        referrer.userId,
        -spent,
        `test:spend:${referrer.userId}`,
      ),
      env.DB.prepare("UPDATE users SET userQuota = userQuota - ?1 WHERE userId = ?2").bind(spent, referrer.userId),
    ]);
    const rest = await refund(admin, { referenceId, amount: amount - 100, reason: "Rest" });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.payment.status).toBe("refunded");
    expect((await referralOf(referee.userId))!.status).toBe("revoked");
    expect(await ledgerRefs(referrer.userId)).toEqual([
      { ref: `referral:${referee.userId}`, delta: REWARD },
      { ref: `referral-back:${referee.userId}`, delta: -(REWARD - spent) },
    ]);
    expect(await quotaAndLedger(referrer.userId)).toEqual({ userQuota: 0, ledger: 0 });
    const referee_ = await quotaAndLedger(referee.userId);
    expect(referee_.userQuota).toBe(referee_.ledger);
    expect(referee_.userQuota).toBe(0);
    expect(await codeOf(referrer)).toMatchObject({ pointsEarned: spent });
  });

  it("is never paid for a referral refused as self-referral", async () => {
    const client = await createUser();
    const own = await call("my-referral", { referralCode: (await codeOf(client)).code }, { cookie: client.cookie });
    expect(own.status).toBe(400);
    await paidTransfer({ points: 10, client });
    expect(await ledgerRefs(client.userId)).toEqual([]);
    expect(await quotaAndLedger(client.userId)).toEqual({ userQuota: 10, ledger: 10 });
  });
});

describe("search-referral", () => {
  it("lists who referred whom with the first payment, by code or email; clients are refused", async () => {
    const referrer = await createUser({ name: "Lena Referrer" });
    const { code } = await codeOf(referrer);
    const referee = await registerWith(code, "Omar Referee");
    const { amount } = await paidTransfer({ points: 20, client: referee });
    const admin = await createAdmin();
    const byCode = await call("search-referral", { search: code.toLowerCase() }, { cookie: admin.cookie });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(byCode.body.data[0]).toMatchObject({
      referrerId: referrer.userId,
      referrerName: "Lena Referrer",
      refereeId: referee.userId,
      refereeName: "Omar Referee",
      status: "rewarded",
      points: REWARD,
      firstPaymentAmount: amount,
    });
    const byEmail = await call("search-referral", { search: referee.email }, { cookie: admin.cookie });
    expect(byEmail.body.data.map((r: { refereeId: number }) => r.refereeId)).toEqual([referee.userId]);
    const all = await call("search-referral", {}, { cookie: admin.cookie });
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    expect((await call("search-referral", {}, { cookie: referrer.cookie })).status).toBe(403);
  });
});
