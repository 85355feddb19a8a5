import { sql } from "kysely";
import type { DB } from ".";
import { imageUrl } from "../storage/files";

/** The User entity as the API shows it (API.md): no hashes, no secrets. */
export interface UserView {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImage: string | null;
  userRole: string;
  userIsActive: boolean;
  userQuota: number;
  userPlan: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

/** userData as the web app keeps it: the User plus `role` (spec section 3). */
export type UserData = UserView & { role: string };

/** Selects the columns of a UserView from `users as u`, the plan being the latest active subscription. */
export function selectUserView(db: DB) {
  return db.selectFrom("users as u").select([
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
