import { sql, type RawBuilder } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import { cappedTotal, counterName, counterTotal, scannedTotal, SEARCH_SCAN, totalOf } from "../../db/counts";
import { searchTotal } from "../../db/search-totals";
import { holdsPlan, planFilterOf, planHolders, planHoldersTotal, type PlanFilter } from "./plans";
import { selectUserIds, selectUserView, userOrder, type UserIds, type UserSource } from "./view";

export interface UserFilter {
  search: string;
  userId?: number | undefined;
  role: string;
  status?: 0 | 1 | undefined;
  /** An item id or name: users holding an active subscription to it. */
  plan: string;
}

/**
 * The page and total statements of searchuser (db/counts.ts says what each may cost):
 * - plain filters (role, status) walk an index and take the total from a counter; a plan alone walks
 *   its holders (plans.ts), total from its counter;
 * - a text search alone walks the FTS matches and counts them up to COUNT_CAP;
 * - a search with filters, a plan with other filters or by name, or a 1–2 character search (LIKE,
 *   which no index serves) look at SEARCH_SCAN candidates only: the newest text matches, the plan's
 *   newest holders, or the newest users.
 */
export function userListQueries(db: DB, filter: UserFilter, window: { offset: number; limit: number }) {
  const match = ftsQuery(filter.search);
  const like = !match && filter.search ? likeAnywhere(filter.search) : null;
  const conds: RawBuilder<unknown>[] = [sql`u.deletedAt IS NULL`];
  if (filter.userId !== undefined) conds.push(sql`u.userId = ${filter.userId}`);
  if (filter.role) conds.push(sql`u.userRole = ${filter.role}`);
  if (filter.status !== undefined) conds.push(sql`u.userIsActive = ${filter.status}`);
  if (like) conds.push(sql`(u.userName LIKE ${like} ESCAPE '\\' OR u.userEmail LIKE ${like} ESCAPE '\\')`);
  const plan = planFilterOf(filter.plan);
  // Checked one user at a time when the candidates are text matches; candidates that are the plan's
  // own holders need no check.
  if (plan && match) conds.push(holdsPlan(plan));
  const where = sql<boolean>`${sql.join(conds, sql` AND `)}`;
  // The page's ids first, so OFFSET skips index entries alone; then the view's columns (its plan
  // subquery) for the page's rows only.
  const pageIds = (source: UserSource) =>
    selectUserIds(db, source).where(where).orderBy(userOrder(source), "desc").limit(window.limit).offset(window.offset);
  const pageOf = (ids: UserIds) => selectUserView(db, { ids }).orderBy("u.userId", "desc");

  // The user view: one primary-key lookup.
  if (filter.userId !== undefined && !match && !plan) {
    const total = cappedTotal(db, db.selectFrom("users as u").select("u.userId").where(where));
    return { page: pageOf(pageIds(null)), total, readTotal: totalOf };
  }
  if (plan && "itemId" in plan && !match && !like && conds.length === 1) {
    // Holders are live users: the table's key walk is the page.
    const ids = planHolders(db, plan).limit(window.limit).offset(window.offset);
    return { page: pageOf(ids), total: planHoldersTotal(db, plan.itemId), readTotal: totalOf };
  }
  if (!match && !like && !plan) {
    const filters: Array<readonly [string, string | number]> = [];
    if (filter.role) filters.push(["role", filter.role]);
    if (filter.status !== undefined) filters.push(["active", filter.status]);
    return { page: pageOf(pageIds(null)), total: counterTotal(db, counterName("users", ...filters)), readTotal: totalOf };
  }
  if (match && conds.length === 1) {
    // Soft-deleted users are few: probing their small index beats reading each matching user.
    const matches = db
      .selectFrom("users_fts as f")
      .select("f.rowid")
      .where(sql<boolean>`users_fts MATCH ${match}`)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM users d INDEXED BY users_deleted WHERE d.userId = f.rowid AND d.deletedAt IS NOT NULL)`,
      );
    const total = searchTotal(db, ["users"], match, cappedTotal(db, matches), window);
    const page = total.page((walk) => pageIds({ match: walk }), pageOf, "userId");
    return { page, total: total.statement, readTotal: total.read };
  }
  const candidates = candidateUsers(db, match, plan);
  const hits = db
    .selectFrom(candidates.as("c"))
    .crossJoin("users as u")
    .whereRef("u.userId", "=", "c.id")
    .select(["c.id", sql<number>`${where}`.as("hit")]);
  // The page's ids first, then the view's columns (its plan subquery) for those rows alone.
  const ids = hits
    .where(where)
    .clearSelect()
    .select("u.userId as id")
    // A plan named by several items lists a user once per item.
    .distinct()
    .orderBy("u.userId", "desc")
    .limit(window.limit)
    .offset(window.offset);
  return { page: selectUserView(db, { ids }).orderBy("u.userId", "desc"), total: scannedTotal(db, hits), readTotal: totalOf };
}

/**
 * At most SEARCH_SCAN user ids to check one by one: text matches, the holders of a plan (a user once
 * per item of its name), or the newest users.
 */
function candidateUsers(db: DB, match: string | null, plan: PlanFilter | null): UserIds {
  if (match) {
    return ftsMatches(db, "users_fts", match)
      .orderBy(sql`rowid`, "desc")
      .limit(SEARCH_SCAN);
  }
  if (plan) return planHolders(db, plan).limit(SEARCH_SCAN);
  return db
    .selectFrom("users")
    .select("userId as id")
    .where("deletedAt", "is", null)
    .orderBy("userId", "desc")
    .limit(SEARCH_SCAN);
}
