import { randomToken } from "../auth/crypto";
import { changes, runBatch, type DB } from "../db";
import { listPage } from "../db/list";
import { couponList, toCoupon, todayUtc, type CouponRow } from "../domain/catalogue/coupons";
import { audit, oneRowChanged } from "../domain/audit";
import { conflict, invalidField, notFound, reason } from "../errors";
import { domainOf } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { couponCalls } from "../contract/coupons";

/** Codes are read aloud and typed: no 0/O, 1/I/L. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;
/** D1 binds at most 100 parameters per statement; each coupon row takes 4. */
const ROWS_PER_INSERT = 25;

/** One random code: rejection sampling keeps every character equally likely. */
export function randomCode(prefix: string): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = "";
  while (out.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2))) {
      if (byte < limit && out.length < CODE_LENGTH) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  if (!prefix) return out;
  return prefix.endsWith("-") ? `${prefix}${out}` : `${prefix}-${out}`;
}

const searchCoupon = route(couponCalls["search-coupon"], {
  async handler(ctx, input) {
    const today = todayUtc();
    const { query, ...options } = couponList(ctx.db, { search: input.search, status: input.status, today });
    const page = await listPage<CouponRow>(ctx.db, query, { ...options, window: input });
    return list(
      page.rows.map((row) => toCoupon(row, today)),
      page,
      input.page,
      input.limit,
    );
  },
});

/** Codes of `candidates` already taken (case-insensitive, as the UNIQUE index compares). */
async function takenCodes(db: DB, candidates: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += 90) {
    const rows = await db
      .selectFrom("coupons")
      .select("couponCode")
      .where("couponCode", "in", candidates.slice(i, i + 90))
      .execute();
    for (const row of rows) taken.add(row.couponCode.toUpperCase());
  }
  return taken;
}

const generateCoupons = route(couponCalls["generate-coupons"], {
  async handler(ctx, input) {
    if (input.couponExpired < todayUtc()) {
      throw invalidField("couponExpired", reason("mustNotBeInPast"));
    }
    const batchId = randomToken(12);
    // Collisions are astronomically rare at 31^10 codes, but a retry costs little and keeps the count exact.
    for (let attempt = 0; attempt < 3; attempt++) {
      const codes = new Set<string>();
      while (codes.size < input.couponCount) codes.add(randomCode(input.couponPrefix));
      for (const taken of await takenCodes(ctx.db, [...codes])) codes.delete(taken);
      while (codes.size < input.couponCount) {
        const code = randomCode(input.couponPrefix);
        if ((await takenCodes(ctx.db, [code])).size === 0) codes.add(code);
      }
      const drawn = [...codes];
      const inserts = [];
      for (let i = 0; i < drawn.length; i += ROWS_PER_INSERT) {
        const rows = drawn.slice(i, i + ROWS_PER_INSERT).map((couponCode) => ({
          couponCode,
          couponQuota: input.couponQuota,
          couponExpired: input.couponExpired,
          batchId,
        }));
        inserts.push(ctx.db.insertInto("coupons").values(rows));
      }
      try {
        // One batch: all the codes or none of them.
        await runBatch(ctx.env.DB, [
          ...inserts,
          audit(domainOf(ctx), {
            action: "generate-coupons",
            subject: "Coupon",
            subjectId: batchId,
            detail: {
              couponCount: drawn.length,
              couponQuota: input.couponQuota,
              couponExpired: input.couponExpired,
              couponPrefix: input.couponPrefix,
            },
          }),
        ]);
      } catch (error) {
        // A code taken between the check and the insert: draw again.
        if (String(error).includes("UNIQUE")) continue;
        throw error;
      }
      return json({ message: success(ctx, "couponsGenerated", { count: drawn.length }), codes: drawn });
    }
    throw conflict("codesNotDrawn", "code_collision");
  },
});

const deleteCoupon = route(couponCalls.deletecoupon, {
  async handler(ctx, { couponId }) {
    const coupon = await ctx.db
      .selectFrom("coupons")
      .select(["couponId", "couponUsed", "couponQuota", "couponExpired"])
      .where("couponId", "=", couponId)
      .executeTakeFirst();
    if (!coupon) throw notFound("noSuchCoupon");
    // Conditional on still unused, so a redemption racing the delete wins and keeps its record.
    const [deleted] = await runBatch(ctx.env.DB, [
      ctx.db.deleteFrom("coupons").where("couponId", "=", couponId).where("couponUsed", "=", "N"),
      audit(
        domainOf(ctx),
        {
          action: "delete-coupon",
          subject: "Coupon",
          subjectId: couponId,
          detail: { couponQuota: coupon.couponQuota, couponExpired: coupon.couponExpired },
        },
        oneRowChanged,
      ),
    ]);
    if (changes(deleted) === 0) throw conflict("usedCouponKept", "coupon_used");
    return json({ message: success(ctx, "couponDeleted") });
  },
});

export const routes = [searchCoupon, generateCoupons, deleteCoupon];
