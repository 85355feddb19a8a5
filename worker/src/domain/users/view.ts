import { sql, type SelectQueryBuilder } from "kysely";
import type { z } from "zod";
import type { userData } from "../../contract/auth";
import type { user } from "../../contract/users";
import type { DB } from "../../db";
import type { RowOf } from "../../db/rows";
import type { Database } from "../../db/schema";
import { imageUrl } from "../storage/files";

/** The User entity as the API shows it (the contract's): no hashes, no secrets. */
export type UserView = z.output<typeof user>;

/** userData as the web app keeps it: the User plus `role` (spec section 3). */
export type UserData = z.output<typeof userData>;

/** A query selecting user ids as `id`: the candidates of a search (db/list.ts `scanned`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UserIds = SelectQueryBuilder<Database, any, { id: number }>;

/**
 * Where a user list's rows come from: every user, the users an FTS expression matches (walked in the
 * index's rowid order), or ids found beforehand. Rows that only show a user are joined with LEFT JOIN,
 * which a count leaves out (db/list.ts); `filtered` ids are joined with CROSS JOIN instead, so that SQLite
 * starts from the ids whatever conditions on the users follow.
 */
export type UserSource = { match: string } | { ids: UserIds; filtered: boolean } | null;

/** `users as u`, the users an FTS expression matches, or the users of the given ids. */
function usersFrom(db: DB, source: UserSource) {
  const users = db.selectFrom("users as u");
  if (source === null) return users;
  // Typed as `users as u` alone: `f` and `c` are only ever used through `userOrder`.
  if ("match" in source) {
    // Every FTS row has its user: a LEFT JOIN on the key, which a count leaves out (db/list.ts).
    return db
      .selectFrom("users_fts as f")
      .leftJoin("users as u", "u.userId", "f.rowid")
      .where(sql<boolean>`users_fts MATCH ${source.match}`) as unknown as typeof users;
  }
  const ids = db.selectFrom(source.ids.as("c"));
  return (source.filtered
    ? ids.crossJoin("users as u").whereRef("u.userId", "=", "c.id")
    : ids.leftJoin("users as u", "u.userId", "c.id")) as unknown as typeof users;
}

/** Newest users first: in the FTS index's order when the rows come from a match (no sort step), or by the ids. */
export const userOrder = (source: UserSource) => (source === null ? sql`u.userId` : "match" in source ? sql`f.rowid` : sql`c.id`);

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

type UserViewRow = RowOf<typeof selectUserView>;

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
