import { sql, type RawBuilder } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, type DB } from "../../db";
import { cappedTotal, counterName, counterTotal, scannedTotal, SEARCH_SCAN, totalOf, type ListTotal } from "../../db/counts";
import type { FoldedPart, Rows } from "../../db/folded";
import { NOTHING_REMEMBERED, rememberedSearch, searchMemory, type RememberedValues } from "../../db/search-totals";
import { statementTemplate } from "../../db/templates";
import { holdsPlan, planCounterName, planFilterOf, planHolders, planHoldersTotal, type PlanFilter } from "./plans";
import { selectUserIds, selectUserView, userOrder, type UserIds, type UserSource } from "./view";

export interface UserFilter {
  search: string;
  userId?: number | undefined;
  role: string;
  status?: 0 | 1 | undefined;
  /** An item id or name: users holding an active subscription to it. */
  plan: string;
}

/** The values of a searchuser request its statement binds (db/templates.ts); null: not set. */
type UserListValues = RememberedValues & {
  match: string | null;
  like: string | null;
  userId: number | null;
  role: string | null;
  status: 0 | 1 | null;
  planItemId: number | null;
  planItemName: string | null;
  /** The counter of the role and status filters, and of the plan filter (an item id). */
  counter: string;
  planCounter: string | null;
  offset: number;
  limit: number;
};

export interface UserListQueries {
  /** The page's rows, then the total's row. */
  parts: FoldedPart[];
  readTotal(total: Rows<unknown> | undefined, pageRows: readonly unknown[]): ListTotal;
}

/** A text search with no filter: what is counted from the FTS index alone and remembered. */
const searchAlone = (v: UserListValues) =>
  v.match !== null &&
  v.userId === null &&
  v.role === null &&
  v.status === null &&
  v.planItemId === null &&
  v.planItemName === null;

/** A searchuser request as its statement's values, and the memory of its search when it has one. */
export function userListValues(filter: UserFilter, window: { offset: number; limit: number }) {
  const match = ftsQuery(filter.search);
  const plan = planFilterOf(filter.plan);
  const planItemId = plan && "itemId" in plan ? plan.itemId : null;
  const filters: Array<readonly [string, string | number]> = [];
  if (filter.role) filters.push(["role", filter.role]);
  if (filter.status !== undefined) filters.push(["active", filter.status]);
  const values: UserListValues = {
    match,
    like: !match && filter.search ? likeAnywhere(filter.search) : null,
    userId: filter.userId ?? null,
    role: filter.role || null,
    status: filter.status ?? null,
    planItemId,
    planItemName: plan && "itemName" in plan ? plan.itemName : null,
    counter: counterName("users", ...filters),
    planCounter: planItemId === null ? null : planCounterName(planItemId),
    offset: window.offset,
    limit: window.limit,
    ...NOTHING_REMEMBERED,
  };
  const memory = searchAlone(values) ? searchMemory(["users"], `searchuser\u0000${match}`, window) : null;
  return { values: memory ? { ...values, ...memory.values } : values, memory };
}

/**
 * The page and total statements of searchuser (db/counts.ts says what each may cost), built once per
 * shape and bound per request (db/templates.ts):
 * - plain filters (role, status) walk an index and take the total from a counter; a plan alone walks
 *   its holders (plans.ts), total from its counter;
 * - a text search alone walks the FTS matches and counts them up to COUNT_CAP;
 * - a search with filters, a plan with other filters or by name, or a 1–2 character search (LIKE,
 *   which no index serves) look at SEARCH_SCAN candidates only: the newest text matches, the plan's
 *   newest holders, or the newest users.
 */
export function userListQueries(db: DB, filter: UserFilter, window: { offset: number; limit: number }): UserListQueries {
  const { values, memory } = userListValues(filter, window);
  return {
    parts: userList.parts(db, values),
    readTotal: memory ? (total, pageRows) => memory.read(total, { rows: pageRows, id: "userId" }) : (total) => totalOf(total),
  };
}

/** searchuser's statement: its page, then its total. */
export const userList = statementTemplate<UserListValues>((db, v) => {
  const { match, like } = v;
  const conds: RawBuilder<unknown>[] = [sql`u.deletedAt IS NULL`];
  if (v.userId !== null) conds.push(sql`u.userId = ${v.userId}`);
  if (v.role !== null) conds.push(sql`u.userRole = ${v.role}`);
  if (v.status !== null) conds.push(sql`u.userIsActive = ${v.status}`);
  if (like !== null) conds.push(sql`(u.userName LIKE ${like} ESCAPE '\\' OR u.userEmail LIKE ${like} ESCAPE '\\')`);
  const plan: PlanFilter | null =
    v.planItemId !== null ? { itemId: v.planItemId } : v.planItemName !== null ? { itemName: v.planItemName } : null;
  // Checked one user at a time when the candidates are text matches; candidates that are the plan's
  // own holders need no check.
  if (plan && match !== null) conds.push(holdsPlan(plan));
  const where = sql<boolean>`${sql.join(conds, sql` AND `)}`;
  // The page's ids first, so OFFSET skips index entries alone; then the view's columns (its plan
  // subquery) for the page's rows only.
  const pageIds = (source: UserSource) =>
    selectUserIds(db, source).where(where).orderBy(userOrder(source), "desc").limit(v.limit).offset(v.offset);
  const pageOf = (ids: UserIds) => selectUserView(db, { ids }).orderBy("u.userId", "desc");

  // The user view: one primary-key lookup.
  if (v.userId !== null && match === null && !plan) {
    return [pageOf(pageIds(null)), cappedTotal(db, db.selectFrom("users as u").select("u.userId").where(where))];
  }
  if (plan && "itemId" in plan && match === null && like === null && conds.length === 1) {
    // Holders are live users: the table's key walk is the page.
    const ids = planHolders(db, plan).limit(v.limit).offset(v.offset);
    return [pageOf(ids), planHoldersTotal(db, plan.itemId, v.planCounter!)];
  }
  if (match === null && like === null && !plan) return [pageOf(pageIds(null)), counterTotal(db, v.counter)];
  if (searchAlone(v)) {
    // Soft-deleted users are few: probing their small index beats reading each matching user.
    const matches = db
      .selectFrom("users_fts as f")
      .select("f.rowid")
      .where(sql<boolean>`users_fts MATCH ${match}`)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM users d INDEXED BY users_deleted WHERE d.userId = f.rowid AND d.deletedAt IS NOT NULL)`,
      );
    return rememberedSearch(db, ["users"], v, {
      match: match!,
      walk: (walk) => pageIds({ match: walk }),
      fromIds: pageOf,
      total: cappedTotal(db, matches),
    });
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
    .limit(v.limit)
    .offset(v.offset);
  return [selectUserView(db, { ids }).orderBy("u.userId", "desc"), scannedTotal(db, hits)];
});

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
