import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { z } from "zod";
import type { userData } from "../../contract/auth";
import type { user } from "../../contract/users";
import type { DB } from "../../db";
import type { Database } from "../../db/schema";
import { imageUrl } from "../storage/files";

/** The User entity as the API shows it (the contract's): no hashes, no secrets. */
export type UserView = z.output<typeof user>;

/** userData as the web app keeps it: the User plus `role` (spec section 3). */
export type UserData = z.output<typeof userData>;

/**
 * Where a user list's rows come from: every user, the users an FTS expression matches, or the ids of
 * one page found beforehand (a query selecting `id`, so the view's columns are read for those alone).
 */
export type UserSource = { match: FtsMatch } | { ids: UserIds } | null;

/** An FTS5 expression, or one chosen in SQL (db/search-totals.ts: skipped while known to match nothing). */
type FtsMatch = string | RawBuilder<string>;

/** A query selecting user ids as `id`: candidates (db/counts.ts) or one page of them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UserIds = SelectQueryBuilder<Database, any, { id: number }>;

/** `users as u`, only the matching users with an FTS match (`usersMatching`), or only the given ids. */
function usersFrom(db: DB, source: UserSource) {
  const users = db.selectFrom("users as u");
  if (source === null) return users;
  // Typed as `users as u` alone: `f` and `c` are only ever used through `userOrder`.
  if ("match" in source) return usersMatching(db, source.match) as unknown as typeof users;
  // CROSS JOIN makes SQLite start from the ids and look each user up by its primary key.
  return db.selectFrom(source.ids.as("c")).crossJoin("users as u").whereRef("u.userId", "=", "c.id") as unknown as typeof users;
}

/**
 * The users an FTS5 expression matches, walked in the FTS index's rowid order. CROSS JOIN makes SQLite
 * start from the match (cheap, and in userId order, so a page stops after `limit` rows) instead of
 * walking a users index and probing the FTS table once per user, which took seconds with a role filter.
 */
function usersMatching(db: DB, match: FtsMatch) {
  return db
    .selectFrom("users_fts as f")
    .crossJoin("users as u")
    .whereRef("u.userId", "=", "f.rowid")
    .where(sql<boolean>`users_fts MATCH ${match}`);
}

/** The ids (`id`) of the users of `source`, for a page found before its view's columns are read. */
export const selectUserIds = (db: DB, source: UserSource) => usersFrom(db, source).select("u.userId as id");

/** Newest users first, in the FTS index's order when the rows come from a match (no sort step). */
export const userOrder = (source: UserSource) => (source !== null && "match" in source ? sql`f.rowid` : sql`u.userId`);

/**
 * Selects the columns of a UserView from `users as u` (only the users of `source` when given), the plan
 * being the latest active subscription.
 */
export function selectUserView(db: DB, source: UserSource = null) {
  return usersFrom(db, source).select([
    "u.userId",
    "u.userName",
    "u.userEmail",
    "u.userPhone",
    "u.userAddressLine1",
    "u.userAddressLine2",
    "u.userCity",
    "u.userPostalCode",
    "u.userCountry",
    "u.userImage",
    "u.userRole",
    "u.userIsActive",
    "u.userQuota",
    "u.emailVerified",
    "u.twoFactorEnabled",
    "u.createdAt",
    sql<string | null>`(SELECT i.itemName FROM subscriptions s JOIN items i ON i.itemId = s.itemId
            WHERE s.userId = u.userId AND s.endsAt > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            ORDER BY s.endsAt DESC LIMIT 1)`.as("userPlan"),
  ]);
}

type UserViewRow = Omit<UserView, "userIsActive" | "emailVerified" | "twoFactorEnabled"> & {
  userIsActive: number;
  emailVerified: number;
  twoFactorEnabled: number;
};

export function toUserView(row: UserViewRow): UserView {
  return {
    ...row,
    userImage: imageUrl(row.userImage),
    userIsActive: row.userIsActive === 1,
    emailVerified: row.emailVerified === 1,
    twoFactorEnabled: row.twoFactorEnabled === 1,
  };
}

/** The live (not deleted) user `userId` as a UserView row, with how many recovery codes they have left. */
export const userViewOf = (db: DB, userId: number) =>
  selectUserView(db)
    .select(sql<number>`(SELECT count(*) FROM recovery_codes r WHERE r.userId = u.userId)`.as("recoveryCodesLeft"))
    .where("u.userId", "=", userId)
    .where("u.deletedAt", "is", null);

export function toUserData(user: UserView, recoveryCodesLeft: number): UserData {
  return { ...user, role: user.userRole, recoveryCodesLeft };
}
