import { sql, type RawBuilder } from "kysely";
import type { z } from "zod";
import type { userData } from "../../contract/auth";
import type { user } from "../../contract/users";
import type { DB } from "../../db";
import { imageUrl } from "../storage/files";

/** The User entity as the API shows it (the contract's): no hashes, no secrets. */
export type UserView = z.output<typeof user>;

/** userData as the web app keeps it: the User plus `role` (spec section 3). */
export type UserData = z.output<typeof userData>;

/** `users as u`, or, with an FTS match, only the matching users (see `usersMatching`). */
function usersFrom(db: DB, match: string | null) {
  const users = db.selectFrom("users as u");
  // Typed as `users as u` alone: `f` is only ever used through `userOrder`.
  return match === null ? users : (usersMatching(db, match) as unknown as typeof users);
}

/**
 * The users an FTS5 expression matches, walked in the FTS index's rowid order. CROSS JOIN makes SQLite
 * start from the match (cheap, and in userId order, so a page stops after `limit` rows) instead of
 * walking a users index and probing the FTS table once per user, which took seconds with a role filter.
 */
function usersMatching(db: DB, match: string) {
  return db
    .selectFrom("users_fts as f")
    .crossJoin("users as u")
    .whereRef("u.userId", "=", "f.rowid")
    .where(sql<boolean>`users_fts MATCH ${match}`);
}

/** Newest users first, in the FTS index's order when the query has a match (no sort step). */
export const userOrder = (match: string | null) => (match === null ? sql`u.userId` : sql`f.rowid`);

/**
 * Counts the live users of a list. A search with no other filter counts the FTS matches that are not
 * soft-deleted users, probing the small users_deleted index instead of each matching user's row (a
 * third of the time over thousands of matches); with filters, the rows are needed anyway.
 */
export function countUsers(db: DB, match: string | null, where: RawBuilder<boolean> | null) {
  if (match !== null && where === null) {
    return db
      .selectFrom("users_fts as f")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(sql<boolean>`users_fts MATCH ${match}`)
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM users d INDEXED BY users_deleted
                                 WHERE d.userId = f.rowid AND d.deletedAt IS NOT NULL)`,
      );
  }
  const count = usersFrom(db, match)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("u.deletedAt", "is", null);
  return where === null ? count : count.where(where);
}

/**
 * Selects the columns of a UserView from `users as u` (only the users an FTS expression matches when
 * `match` is given), the plan being the latest active subscription.
 */
export function selectUserView(db: DB, match: string | null = null) {
  return usersFrom(db, match).select([
    "u.userId",
    "u.userName",
    "u.userEmail",
    "u.userPhone",
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

export async function findUserView(db: DB, userId: number): Promise<UserView | null> {
  const found = await selectUserView(db).where("u.userId", "=", userId).where("u.deletedAt", "is", null).executeTakeFirst();
  return found ? toUserView(found) : null;
}

export function toUserData(user: UserView): UserData {
  return { ...user, role: user.userRole };
}
