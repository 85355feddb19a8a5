import { sql, type RawBuilder } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, nowIso, type DB } from "../../db";
import { COUNT_CAP, SEARCH_SCAN, type AnySelect, type ListOptions } from "../../db/list";
import { selectUserView, userOrder, type UserIds, type UserSource } from "./view";

/** searchuser's filters (contract: users.ts). */
export interface UserFilter {
  search: string;
  userId?: number | undefined;
  role: string;
  status?: 0 | 1 | undefined;
  /** An item id or name: users holding a subscription to it that has not ended. */
  plan: string;
}

/** The live users: what the 'users' counter (migration 0190) counts. */
export const liveUsers = (db: DB) => db.selectFrom("users as u").where("u.deletedAt", "is", null);

/** Not a deleted user: a probe of the small index of deleted users, cheaper than reading the user. */
const notDeleted = (id: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM users d INDEXED BY users_deleted WHERE d.userId = ${sql.ref(id)} AND d.deletedAt IS NOT NULL)`;

/** A plan's holders are counted up to this many: the page reads every one of them already (to sort them). */
export const HOLDERS_CAP = COUNT_CAP / 2;

/** The ids (`id`) of the users holding the plan now: an item id, or every item of that name. */
function planHolders(db: DB, plan: string): UserIds {
  const item = /^\d+$/.test(plan)
    ? sql<boolean>`s.itemId = ${Number(plan)}`
    : sql<boolean>`s.itemId IN (SELECT itemId FROM items WHERE itemName = ${plan})`;
  return db
    .selectFrom("subscriptions as s")
    .select("s.userId as id")
    .distinct()
    .where(item)
    .where("s.endsAt", ">", nowIso())
    .where(notDeleted("s.userId"));
}

/** searchuser's conditions on the users themselves (a new filter adds its own here). */
function userConditions(filter: UserFilter, like: string | null): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.userId !== undefined) conditions.push(sql`u.userId = ${filter.userId}`);
  if (filter.role) conditions.push(sql`u.userRole = ${filter.role}`);
  if (filter.status !== undefined) conditions.push(sql`u.userIsActive = ${filter.status}`);
  if (like !== null) conditions.push(sql`(u.userName LIKE ${like} ESCAPE '\\' OR u.userEmail LIKE ${like} ESCAPE '\\')`);
  return conditions;
}

/**
 * searchuser as a list (db/list.ts): newest users first, live ones only.
 * - Filters walk the users' partial indexes (role, status, both); the unfiltered total is the 'users' counter.
 * - A plan reads its holders (subscriptions_item: the item's subscriptions not ended), all of them, to
 *   sort them; alone, the page looks its ten users up and the total counts the holders alone, up to
 *   HOLDERS_CAP.
 * - A text search alone walks the FTS matches; with filters, or of 1–2 characters (LIKE), it checks the
 *   SEARCH_SCAN newest matches (or newest users) one by one.
 */
export function userList(db: DB, filter: UserFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const match = ftsQuery(filter.search);
  const like = filter.search && !match ? likeAnywhere(filter.search) : null;
  const conditions = userConditions(filter, like);
  const holders = filter.plan ? planHolders(db, filter.plan) : null;
  const where = (query: ReturnType<typeof selectUserView>) => {
    let q = query.where("u.deletedAt", "is", null);
    for (const condition of conditions) q = q.where(condition);
    return holders ? q.where("u.userId", "in", holders) : q;
  };

  if (match !== null && conditions.length === 0 && !holders) {
    const source: UserSource = { match };
    return { query: selectUserView(db, source).where(notDeleted("f.rowid")), order: [[userOrder(source), "desc"]] };
  }
  if (match !== null || like !== null) {
    const candidates =
      match !== null
        ? ftsMatches(db, "users_fts", match)
            .orderBy(sql`rowid`, "desc")
            .limit(SEARCH_SCAN)
        : liveUsers(db).select("u.userId as id").orderBy("u.userId", "desc").limit(SEARCH_SCAN);
    const source: UserSource = { ids: candidates, filtered: true };
    return {
      query: where(selectUserView(db, source)),
      order: [[userOrder(source), "desc"]],
      count: { scanned: candidates, scan: SEARCH_SCAN },
    };
  }
  const newest = [[userOrder(null), "desc"]] as const;
  if (holders && conditions.length === 0) {
    const rows = (ids: AnySelect) => selectUserView(db).where("u.userId", "in", ids);
    return { query: holders, rows, order: newest, count: { upTo: HOLDERS_CAP } };
  }
  return { query: where(selectUserView(db)), order: newest, count: { exact: "users", of: liveUsers(db) } };
}
