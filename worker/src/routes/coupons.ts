import { sql, type SqlBool } from "kysely";
import { randomToken } from "../auth/crypto";
import { changes, ftsMatches, ftsQuery, likeAnywhere, runBatch, type DB } from "../db";
import { readFolded } from "../db/folded";
import {
  cappedTotal,
  counterName,
  counterRangeTotal,
  counterTotal,
  pageWindow,
  scannedTotal,
  SEARCH_SCAN,
  totalOf,
} from "../db/counts";
import { searchTotal } from "../db/search-totals";
import { audit, oneRowChanged } from "../domain/audit";
import { conflict, invalidField, notFound, reason } from "../errors";
import { domainOf } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { couponCalls, type CouponStatus } from "../contract/coupons";

/** Codes are read aloud and typed: no 0/O, 1/I/L. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;
/** D1 binds at most 100 parameters per statement; each coupon row takes 4. */
const ROWS_PER_INSERT = 25;

/** Today in UTC as YYYY-MM-DD: a coupon is valid through the end of its couponExpired day. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

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

interface CouponRow {
  couponId: number;
  couponCode: string;
  couponQuota: number;
  couponExpired: string;
  couponUsed: "N" | "Y";
  couponUsedDate: string | null;
  couponUsedBy: number | null;
  couponUsedByName: string | null;
  createdAt: string;
}

const statusOf = (row: CouponRow, today: string): CouponStatus =>
  row.couponUsed === "Y" ? "used" : row.couponExpired < today ? "expired" : "unused";

const toCoupon = (row: CouponRow, today: string) => ({
  ...row,
  couponStatus: statusOf(row, today),
});

export interface CouponFilter {
  search: string;
  status?: CouponStatus | undefined;
  today: string;
  page: number;
  limit: number;
}

const COUPON_COLUMNS = [
  "c.couponId",
  "c.couponCode",
  "c.couponQuota",
  "c.couponExpired",
  "c.couponUsed",
  "c.couponUsedDate",
  "c.couponUsedBy",
  "u.userName as couponUsedByName",
  "c.createdAt",
] as const;

/** Unused coupons are counted per expiry day (migration 0090): "unused" and "expired" are ranges of those counters. */
const EXPIRES = counterName("coupons", ["expires", ""]);

/**
 * The page and total statements of search-coupon (exported so a test can read their query plans).
 * Without a search each status walks an index in its order, every row a match: newest first
 * (coupons_newest, coupons_used_newest for used ones), unused ones soonest to expire first and expired
 * ones latest expired first (coupons_status); totals come from counters. A search alone walks
 * coupons_fts and counts up to COUNT_CAP; with a status, or of 1–2 characters, it checks the
 * SEARCH_SCAN newest candidates one by one (db/counts.ts).
 */
export function couponListQueries(db: DB, filter: CouponFilter) {
  const window = pageWindow(filter.page, filter.limit);
  const status =
    filter.status === "used"
      ? sql<SqlBool>`c.couponUsed = 'Y'`
      : filter.status === "unused"
        ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired >= ${filter.today}`
        : filter.status === "expired"
          ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired < ${filter.today}`
          : null;
  const coupons = (from: ReturnType<typeof db.selectFrom<"coupons as c">>) =>
    from.leftJoin("users as u", "u.userId", "c.couponUsedBy").select(COUPON_COLUMNS);
  const newest = <Q extends { orderBy(c: "c.createdAt" | "c.couponId", d: "desc"): Q }>(q: Q) =>
    q.orderBy("c.createdAt", "desc").orderBy("c.couponId", "desc");
  const match = ftsQuery(filter.search);

  if (!filter.search) {
    const rows = coupons(db.selectFrom("coupons as c")).where(status ?? sql<SqlBool>`1 = 1`);
    const page =
      filter.status === "unused"
        ? rows.orderBy("c.couponExpired").orderBy("c.couponId")
        : filter.status === "expired"
          ? rows.orderBy("c.couponExpired", "desc").orderBy("c.couponId", "desc")
          : newest(rows);
    const count =
      filter.status === "unused"
        ? counterRangeTotal(db, `${EXPIRES}${filter.today}`, `${EXPIRES}~`)
        : filter.status === "expired"
          ? counterRangeTotal(db, EXPIRES, `${EXPIRES}${filter.today}`)
          : counterTotal(db, filter.status === "used" ? counterName("coupons", ["used", "Y"]) : counterName("coupons"));
    return { page: page.limit(window.limit).offset(window.offset), count, readTotal: totalOf };
  }
  if (match && !status) {
    const total = searchTotal(db, ["coupons"], match, cappedTotal(db, ftsMatches(db, "coupons_fts", match)), window);
    const page = total.page(
      (walk) =>
        ftsMatches(db, "coupons_fts", walk)
          .orderBy(sql`rowid`, "desc")
          .limit(window.limit)
          .offset(window.offset),
      (ids) =>
        coupons(db.selectFrom(ids.as("k")).crossJoin("coupons as c").whereRef("c.couponId", "=", "k.id")).orderBy(
          "c.couponId",
          "desc",
        ),
      "couponId",
    );
    return { page, count: total.statement, readTotal: total.read };
  }
  const candidates = match
    ? ftsMatches(db, "coupons_fts", match)
        .orderBy(sql`rowid`, "desc")
        .limit(SEARCH_SCAN)
    : db.selectFrom("coupons").select("couponId as id").orderBy("createdAt", "desc").limit(SEARCH_SCAN);
  const conds = status ? [status] : [];
  if (!match) conds.push(sql<SqlBool>`c.couponCode LIKE ${likeAnywhere(filter.search)} ESCAPE '\\'`);
  const where = sql<SqlBool>`${sql.join(conds, sql` AND `)}`;
  const joined = db.selectFrom(candidates.as("k")).crossJoin("coupons as c").whereRef("c.couponId", "=", "k.id");
  return {
    page: newest(coupons(joined).where(where)).limit(window.limit).offset(window.offset),
    count: scannedTotal(db, joined.select(["k.id as id", sql<number>`${where}`.as("hit")])),
    readTotal: totalOf,
  };
}

const searchCoupon = route(couponCalls["search-coupon"], {
  async handler(ctx, input) {
    const today = todayUtc();
    const { page, count, readTotal } = couponListQueries(ctx.db, { ...input, today });
    const [rows, total] = await readFolded(ctx.env.DB, [page, count]);
    const data = (rows!.results as unknown as CouponRow[]).map((row) => toCoupon(row, today));
    return list(data, readTotal(total, rows!.results), input.page, input.limit);
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

export const couponsRoutes = [searchCoupon, generateCoupons, deleteCoupon];
