import { row } from "../auth/ability";
import { randomToken } from "../auth/crypto";
import { changes, runBatch } from "../db";
import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { requireUser } from "../http/context";
import { conflict, forbidden, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { quotaCalls } from "../contract/commerce";

const todayUtc = () => new Date().toISOString().slice(0, 10);

const redeemCoupon = route(quotaCalls["redeem-coupon"], {
  async handler(ctx, { couponCode }) {
    const user = requireUser(ctx);
    const coupon = await ctx.db
      .selectFrom("coupons")
      .select(["couponId", "couponUsed", "couponExpired"])
      .where("couponCode", "=", couponCode)
      .executeTakeFirst();
    if (!coupon) throw notFound("unknownCouponCode", "coupon_unknown");
    const today = todayUtc();
    if (coupon.couponUsed === "Y") throw conflict("couponUsed", "coupon_used");
    if (coupon.couponExpired < today) throw conflict("couponExpired", "coupon_expired");

    // The conditional UPDATE writes a fresh token; the ledger row and the balance follow only where
    // the coupon carries it, so of many concurrent tries exactly one credits.
    const token = randomToken(18);
    const now = new Date().toISOString();
    const d1 = ctx.env.DB;
    const mine = "EXISTS (SELECT 1 FROM coupons WHERE couponId = ? AND redeemToken = ?)";
    const [used, , , after] = await runBatch<{ userQuota: number }>(d1, [
      d1
        .prepare(
          `UPDATE coupons SET couponUsed = 'Y', couponUsedDate = ?, couponUsedBy = ?, redeemToken = ?
           WHERE couponId = ? AND couponUsed = 'N' AND couponExpired >= ?`,
        )
        .bind(now, user.userId, token, coupon.couponId, today),
      d1
        .prepare(
          `INSERT INTO quota_ledger (userId, delta, reason, ref, note, actorId)
           SELECT ?, couponQuota, 'redeem', 'coupon:' || couponId, 'Coupon ' || couponCode, ?
           FROM coupons WHERE couponId = ? AND ${mine}`,
        )
        .bind(user.userId, user.userId, coupon.couponId, coupon.couponId, token),
      d1
        .prepare(
          `UPDATE users SET userQuota = userQuota + (SELECT couponQuota FROM coupons WHERE couponId = ?)
           WHERE userId = ? AND ${mine}`,
        )
        .bind(coupon.couponId, user.userId, coupon.couponId, token),
      d1.prepare("SELECT userQuota FROM users WHERE userId = ?").bind(user.userId),
    ]);
    if (changes(used) === 0) throw conflict("couponUsed", "coupon_used");
    return json({ message: success(ctx, "couponRedeemed"), userQuota: after!.results[0]!.userQuota });
  },
});

/** The values of a search-quota request its statement binds (db/templates.ts). */
type QuotaListValues = {
  userId: number;
  /** The counter of the user's ledger. */
  counter: string;
  offset: number;
  limit: number;
};

/** A search-quota request (the user whose ledger it reads) as its statement's values. */
export const quotaListValues = (userId: number, page: number, limit: number): QuotaListValues => ({
  userId,
  counter: counterName("ledger", ["user", userId]),
  ...pageWindow(page, limit),
});

/**
 * search-quota's statement, built once per shape and bound per request: the balance, the page of the
 * ledger (quota_ledger_user) and its counter.
 */
export const quotaList = statementTemplate<QuotaListValues>((db, v) => [
  db.selectFrom("users").select("userQuota").where("userId", "=", v.userId),
  db
    .selectFrom("quota_ledger")
    .select(["ledgerId", "delta", "reason", "ref", "note", "createdAt"])
    .where("userId", "=", v.userId)
    .orderBy("createdAt", "desc")
    .orderBy("ledgerId", "desc")
    .limit(v.limit)
    .offset(v.offset),
  counterTotal(db, v.counter),
]);

const searchQuota = route(quotaCalls["search-quota"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    if (!ctx.ability.can("read", row("Quota", { userId }))) throw forbidden("ownQuotaOnly");
    // One round trip: the balance, the page of the ledger and its counter.
    const [owner, rows, total] = await runFolded(
      ctx.env.DB,
      quotaList.parts(ctx.db, quotaListValues(userId, input.page, input.limit)),
    );
    const balance = owner!.results[0] as { userQuota: number } | undefined;
    if (!balance) throw notFound("noSuchUser");
    return list(rows!.results as unknown as ListRowOf<"search-quota">[], totalOf(total), input.page, input.limit, {
      userQuota: balance.userQuota,
    });
  },
});

export const quotaRoutes = [redeemCoupon, searchQuota];
