import type { InferResult } from "kysely";
import { row } from "../auth/ability";
import { randomToken } from "../auth/crypto";
import { changes, runBatch } from "../db";
import { readFolded } from "../db/folded";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { requireUser } from "../http/context";
import { conflict, forbidden, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
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

const searchQuota = route(quotaCalls["search-quota"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    if (!ctx.ability.can("read", row("Quota", { userId }))) throw forbidden("ownQuotaOnly");
    const window = pageWindow(input.page, input.limit);
    // One round trip: the balance, the page of the ledger (quota_ledger_user) and its counter.
    const page = ctx.db
      .selectFrom("quota_ledger")
      .select(["ledgerId", "delta", "reason", "ref", "note", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .orderBy("ledgerId", "desc")
      .limit(window.limit)
      .offset(window.offset);
    const [owner, rows, total] = await readFolded(ctx.env.DB, [
      ctx.db.selectFrom("users").select("userQuota").where("userId", "=", userId),
      page,
      counterTotal(ctx.db, counterName("ledger", ["user", userId])),
    ]);
    const balance = owner!.results[0] as { userQuota: number } | undefined;
    if (!balance) throw notFound("noSuchUser");
    return list(rows!.results as InferResult<typeof page>, totalOf(total), input.page, input.limit, {
      userQuota: balance.userQuota,
    });
  },
});

export const quotaRoutes = [redeemCoupon, searchQuota];
