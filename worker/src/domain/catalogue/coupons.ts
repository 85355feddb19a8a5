import { sql, type SqlBool } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import { SEARCH_SCAN, type AnySelect, type ListOptions, type ListOrder } from "../../db/list";
import type { RowOf } from "../../db/rows";
import type { CouponStatus } from "../../contract/coupons";

/** Today in UTC as YYYY-MM-DD: a coupon is valid through the end of its couponExpired day. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export type CouponRow = RowOf<typeof selectCoupons>;

const statusOf = (row: CouponRow, today: string): CouponStatus =>
  row.couponUsed === "Y" ? "used" : row.couponExpired < today ? "expired" : "unused";

export const toCoupon = (row: CouponRow, today: string) => ({ ...row, couponStatus: statusOf(row, today) });

export interface CouponFilter {
  search: string;
  status?: CouponStatus | undefined;
  today: string;
}

const COUPON_COLUMNS = [
  "c.couponId",
  "c.couponCode",
  "c.couponQuota",
  "c.couponExpired",
  "c.couponUsed",
  "c.couponUsedDate",
  "c.couponUsedBy",
  // A column of its own, not a join: a count leaves the coupon's own join (from the FTS table) out then.
  sql<string | null>`(SELECT u.userName FROM users u WHERE u.userId = c.couponUsedBy)`.as("couponUsedByName"),
  "c.createdAt",
] as const;

/** A coupon list's rows: every coupon, those an FTS expression matches, or those of candidate ids. */
function selectCoupons(db: DB, source: { match: string } | { ids: AnySelect } | null) {
  const coupons = db.selectFrom("coupons as c");
  const from =
    source === null
      ? coupons
      : "match" in source
        ? (db
            .selectFrom("coupons_fts as f")
            .leftJoin("coupons as c", "c.couponId", "f.rowid")
            .where(sql<boolean>`coupons_fts MATCH ${source.match}`) as unknown as typeof coupons)
        : (db
            .selectFrom(source.ids.as("k"))
            .crossJoin("coupons as c")
            .whereRef("c.couponId", "=", "k.id") as unknown as typeof coupons);
  return from.select(COUPON_COLUMNS);
}

/**
 * search-coupon as a list (db/list.ts). Each status walks an index in its order, every row a match:
 * newest first by id (all; used ones through coupons_used), unused ones soonest to expire first and
 * expired ones latest expired first (coupons_unused). Conditions on couponUsed are written as literals:
 * a partial index serves only a query that names its condition. A search alone walks coupons_fts; with
 * a status, or of 1–2 characters, it checks the SEARCH_SCAN newest matches (or newest coupons) one by one.
 */
export function couponList(db: DB, filter: CouponFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const { status, today } = filter;
  const condition =
    status === "used"
      ? sql<SqlBool>`c.couponUsed = 'Y'`
      : status === "unused"
        ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired >= ${today}`
        : status === "expired"
          ? sql<SqlBool>`c.couponUsed = 'N' AND c.couponExpired < ${today}`
          : null;
  const order: ListOrder =
    status === "unused"
      ? [
          [sql`c.couponExpired`, "asc"],
          [sql`c.couponId`, "asc"],
        ]
      : status === "expired"
        ? [
            [sql`c.couponExpired`, "desc"],
            [sql`c.couponId`, "desc"],
          ]
        : [[sql`c.couponId`, "desc"]];
  const match = ftsQuery(filter.search);
  if (!filter.search) {
    const query = selectCoupons(db, null);
    return { query: condition ? query.where(condition) : query, order };
  }
  if (match !== null && !condition) return { query: selectCoupons(db, { match }), order: [[sql`f.rowid`, "desc"]] };
  const candidates =
    match !== null
      ? ftsMatches(db, "coupons_fts", match)
          .orderBy(sql`rowid`, "desc")
          .limit(SEARCH_SCAN)
      : db.selectFrom("coupons").select("couponId as id").orderBy("couponId", "desc").limit(SEARCH_SCAN);
  let query = selectCoupons(db, { ids: candidates });
  if (condition) query = query.where(condition);
  if (match === null) query = query.where(sql<SqlBool>`c.couponCode LIKE ${likeAnywhere(filter.search)} ESCAPE '\\'`);
  return { query, order, count: { scanned: candidates, scan: SEARCH_SCAN } };
}
