import { sql, type SqlBool } from "kysely";
import { randomToken } from "../auth/crypto";
import { changes, ftsMatches, ftsQuery, likeAnywhere, runBatch, type DB } from "../db";
import { runFolded } from "../db/folded";
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
import { NOTHING_REMEMBERED, rememberedSearch, searchMemory, type RememberedValues } from "../db/search-totals";
import { statementTemplate } from "../db/templates";
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

/** The values of a search-coupon request its statement binds (db/templates.ts); null: not set. */
type CouponListValues = RememberedValues & {
  /** Today, for the statuses that depend on it (unused, expired). */
  today: string | null;
  /** Without a search, for those statuses: today's expiry counter, where the unused and expired ranges meet. */
  todayCounter: string | null;
  /** A search's FTS expression, or its LIKE pattern when it has no word of 3 or more characters. */
  match: string | null;
  like: string | null;
  offset: number;
  limit: number;
};

/** The shape of a search-coupon request: its status, or "all". */
type CouponShape = CouponStatus | "all";

/** A search-coupon request as its statement's values and shape, and the memory of its search when it has one. */
export function couponListValues(filter: CouponFilter) {
  const window = pageWindow(filter.page, filter.limit);
  const shape: CouponShape = filter.status ?? "all";
  const dated = shape === "unused" || shape === "expired";
  const match = ftsQuery(filter.search);
  const values: CouponListValues = {
    today: dated ? filter.today : null,
    todayCounter: dated && !filter.search ? `${EXPIRES}${filter.today}` : null,
    match,
    like: filter.search && !match ? likeAnywhere(filter.search) : null,
    offset: window.offset,
    limit: window.limit,
    ...NOTHING_REMEMBERED,
  };
  // A text search alone is counted from the FTS index alone: its total and pages are remembered (db/search-totals.ts).
  const memory = match && shape === "all" ? searchMemory(["coupons"], `search-coupon\u0000${match}`, window) : null;
  return { values: memory ? { ...values, ...memory.values } : values, shape, memory };
}

/**
 * The page and total statements of search-coupon. Without a search each status walks an index in its
 * order, every row a match: newest first (coupons_newest, coupons_used_newest for used ones), unused
 * ones soonest to expire first and expired ones latest expired first (coupons_status); totals come from
 * counters. A search alone walks coupons_fts and counts up to COUNT_CAP; with a status, or of 1–2
 * characters, it checks the SEARCH_SCAN newest candidates one by one (db/counts.ts).
 */
function couponListStatement(db: DB, v: CouponListValues, shape: string) {
  const status =
    shape === "used"
      ? sql<SqlBool>`c.couponUsed = 'Y'`
      : shape === "unused"
        ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired >= ${v.today}`
        : shape === "expired"
          ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired < ${v.today}`
          : null;
  const coupons = (from: ReturnType<typeof db.selectFrom<"coupons as c">>) =>
    from.leftJoin("users as u", "u.userId", "c.couponUsedBy").select(COUPON_COLUMNS);
  const newest = <Q extends { orderBy(c: "c.createdAt" | "c.couponId", d: "desc"): Q }>(q: Q) =>
    q.orderBy("c.createdAt", "desc").orderBy("c.couponId", "desc");

  if (v.match === null && v.like === null) {
    const rows = coupons(db.selectFrom("coupons as c")).where(status ?? sql<SqlBool>`1 = 1`);
    const page =
      shape === "unused"
        ? rows.orderBy("c.couponExpired").orderBy("c.couponId")
        : shape === "expired"
          ? rows.orderBy("c.couponExpired", "desc").orderBy("c.couponId", "desc")
          : newest(rows);
    const count =
      shape === "unused"
        ? counterRangeTotal(db, v.todayCounter!, `${EXPIRES}~`)
        : shape === "expired"
          ? counterRangeTotal(db, EXPIRES, v.todayCounter!)
          : counterTotal(db, shape === "used" ? counterName("coupons", ["used", "Y"]) : counterName("coupons"));
    return { page: page.limit(v.limit).offset(v.offset), count };
  }
  if (v.match !== null && !status) {
    const [page, count, source] = rememberedSearch(db, ["coupons"], v, {
      match: v.match,
      walk: (walk) =>
        ftsMatches(db, "coupons_fts", walk)
          .orderBy(sql`rowid`, "desc")
          .limit(v.limit)
          .offset(v.offset),
      fromIds: (ids) =>
        coupons(db.selectFrom(ids.as("k")).crossJoin("coupons as c").whereRef("c.couponId", "=", "k.id")).orderBy(
          "c.couponId",
          "desc",
        ),
      total: cappedTotal(db, ftsMatches(db, "coupons_fts", v.match)),
    });
    return { page, count, source };
  }
  const candidates =
    v.match !== null
      ? ftsMatches(db, "coupons_fts", v.match)
          .orderBy(sql`rowid`, "desc")
          .limit(SEARCH_SCAN)
      : db.selectFrom("coupons").select("couponId as id").orderBy("createdAt", "desc").limit(SEARCH_SCAN);
  const conds = status ? [status] : [];
  if (v.like !== null) conds.push(sql<SqlBool>`c.couponCode LIKE ${v.like} ESCAPE '\\'`);
  const where = sql<SqlBool>`${sql.join(conds, sql` AND `)}`;
  const joined = db.selectFrom(candidates.as("k")).crossJoin("coupons as c").whereRef("c.couponId", "=", "k.id");
  return {
    page: newest(coupons(joined).where(where)).limit(v.limit).offset(v.offset),
    count: scannedTotal(db, joined.select(["k.id as id", sql<number>`${where}`.as("hit")])),
  };
}

/** search-coupon's statement: its page, then its total, built once per shape and bound per request. */
export const couponList = statementTemplate<CouponListValues>((db, v, shape) => {
  const { page, count, source } = couponListStatement(db, v, shape);
  return source ? [page, count, source] : [page, count];
});

/** search-coupon's statement for one request, built directly: its page, its total (tests read their plans and text). */
export function couponListQueries(db: DB, filter: CouponFilter) {
  const { values, shape } = couponListValues(filter);
  return couponList.direct(db, values, shape);
}

const searchCoupon = route(couponCalls["search-coupon"], {
  async handler(ctx, input) {
    const today = todayUtc();
    const { values, shape, memory } = couponListValues({ ...input, today });
    const [rows, total] = await runFolded(ctx.env.DB, couponList.parts(ctx.db, values, shape));
    const data = (rows!.results as unknown as CouponRow[]).map((row) => toCoupon(row, today));
    const counted = memory ? memory.read(total, { rows: rows!.results, id: "couponId" }) : totalOf(total);
    return list(data, counted, input.page, input.limit);
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
