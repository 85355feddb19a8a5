import { row } from "../auth/ability";
import { randomToken } from "../auth/crypto";
import { changes, runBatch } from "../db";
import { listPage } from "../db/list";
import { ledgerList } from "../domain/payments/quota";
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

const searchQuota = route(quotaCalls["search-quota"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    if (!ctx.ability.can("read", row("Quota", { userId }))) throw forbidden("ownQuotaOnly");
    // One round trip: the page of the ledger, its total, the balance and what expires when.
    const { query, ...options } = ledgerList(ctx.db, userId);
    const page = await listPage<ListRowOf<"search-quota">>(ctx.db, query, { ...options, window: input });
    const balance = page.with[0]![0] as { userQuota: number } | undefined;
    if (!balance) throw notFound("noSuchUser");
    const expiries = (page.with[1] as Array<{ grantId: number; points: number; expiresAt: string; note: string }>).filter(
      (e) => e.points > 0,
    );
    return list(page.rows, page, input.page, input.limit, { userQuota: balance.userQuota, expiries });
  },
});

export const routes = [redeemCoupon, searchQuota];
