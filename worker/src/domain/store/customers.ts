import { sql, type RawBuilder } from "kysely";
import { ftsMatches, ftsQuery, likeAnywhere, nowIso, runBatch, bindingOf, type DB } from "../../db";
import { listStatements, SEARCH_SCAN, type AnySelect, type ListOptions, type ListPage, type ListWindow } from "../../db/list";
import type { RowOf } from "../../db/rows";
import { imageUrl } from "../storage/files";

export interface CustomerFilter {
  search: string;
  userId?: number | undefined;
  status?: 0 | 1 | undefined;
}

/** The role whose users are the store's customers. */
const CUSTOMER_ROLE = "client";

/**
 * The ids (`id`) of the customers a filter asks for, newest first, as a list (db/list.ts):
 * - no search: the live clients walked newest first in users_role (users_role_status with a status),
 *   the unfiltered total being the 'role:client' counter (migration 0190);
 * - a search: the SEARCH_SCAN newest FTS matches (LIKE over the newest clients for 1–2 characters),
 *   checked one by one, as searchuser does.
 */
function customerIds(db: DB, filter: CustomerFilter): { query: AnySelect } & Omit<ListOptions, "window"> {
  const clients = db.selectFrom("users as u").where("u.deletedAt", "is", null).where("u.userRole", "=", CUSTOMER_ROLE);
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.userId !== undefined) conditions.push(sql`u.userId = ${filter.userId}`);
  if (filter.status !== undefined) conditions.push(sql`u.userIsActive = ${filter.status}`);
  const match = ftsQuery(filter.search);
  const like = filter.search && match === null ? likeAnywhere(filter.search) : null;
  if (like !== null) conditions.push(sql`(u.userName LIKE ${like} ESCAPE '\\' OR u.userEmail LIKE ${like} ESCAPE '\\')`);
  const narrowed = <Q extends AnySelect>(query: Q): Q => conditions.reduce((q, condition) => q.where(condition) as Q, query);

  if (match !== null || like !== null) {
    const candidates =
      match !== null
        ? ftsMatches(db, "users_fts", match)
            .orderBy(sql`rowid`, "desc")
            .limit(SEARCH_SCAN)
        : clients.select("u.userId as id").orderBy("u.userId", "desc").limit(SEARCH_SCAN);
    const query = narrowed(
      db
        .selectFrom(candidates.as("c"))
        .crossJoin("users as u")
        .whereRef("u.userId", "=", "c.id")
        .where("u.deletedAt", "is", null)
        .where("u.userRole", "=", CUSTOMER_ROLE)
        .select("c.id as id"),
    );
    return { query, order: [[sql`c.id`, "desc"]], count: { scanned: candidates, scan: SEARCH_SCAN } };
  }
  const all = clients.select("u.userId as id");
  return { query: narrowed(all), order: [[sql`u.userId`, "desc"]], count: { exact: `role:${CUSTOMER_ROLE}`, of: all } };
}

/**
 * The page's customers (`ids`: the paged ids as `id`) with their totals (customer_totals: one row each,
 * whatever their payments) and their active subscriptions (subscriptions_user).
 */
const customerRows = (db: DB, ids: AnySelect) =>
  db
    .selectFrom(ids.as("pg"))
    .innerJoin("users as u", "u.userId", "pg.id")
    .leftJoin("customer_totals as t", "t.userId", "u.userId")
    .select([
      "u.userId",
      "u.userName",
      "u.userEmail",
      "u.userImage",
      "u.userIsActive",
      "u.createdAt",
      "u.userQuota",
      sql<number>`(SELECT count(*) FROM subscriptions s WHERE s.userId = u.userId AND s.endsAt > ${nowIso()})`.as(
        "activeSubscriptions",
      ),
      sql<number>`coalesce(t.lifetimeValue, 0)`.as("lifetimeValue"),
      sql<number>`coalesce(t.orders, 0)`.as("orders"),
      "t.lastOrderAt",
    ])
    .orderBy(sql`pg.id`, "desc");

export type CustomerRow = RowOf<typeof customerRows>;

/**
 * search-customer's statements: the page and the total. The ids are paged first (db/list.ts, the same
 * statements as any list) and only the page's customers are then looked up with their totals
 * (customer_totals: one row each, whatever their payments) and active subscriptions.
 */
export function customerStatements(db: DB, filter: CustomerFilter, window: ListWindow): [AnySelect, AnySelect] {
  const { query, ...options } = customerIds(db, filter);
  const [ids, total] = listStatements(db, query, { ...options, window }) as [AnySelect, AnySelect];
  return [customerRows(db, ids), total];
}

/** A page of customers and the total in one batch (one round trip). */
export async function customerPage(db: DB, filter: CustomerFilter, window: ListWindow): Promise<ListPage<CustomerRow>> {
  const [rows, counted] = await runBatch<Record<string, unknown>>(bindingOf(db), customerStatements(db, filter, window));
  const n = counted?.results[0] as { n: number; capped: number } | undefined;
  return {
    rows: (rows?.results ?? []) as unknown as CustomerRow[],
    total: Number(n?.n ?? 0),
    totalCapped: Number(n?.capped ?? 0) === 1,
    with: [],
  };
}

export function toCustomer(row: CustomerRow) {
  return {
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    userImage: imageUrl(row.userImage),
    userIsActive: row.userIsActive === 1,
    createdAt: row.createdAt,
    lifetimeValue: row.lifetimeValue,
    orders: row.orders,
    balance: row.userQuota,
    activeSubscriptions: row.activeSubscriptions,
    lastOrderAt: row.lastOrderAt,
  };
}
