import type { DB } from "../db";
import { badRequest } from "../errors";
import { verifyPassword } from "./password";

// Not in password.ts: scripts/admin-sql.ts imports that one in Node, where ../db's D1 types do not exist.

/**
 * Refuses a password that is not the user's current one: 400 wrong_password naming `field`, in words the
 * web shows as they are. A new password, or turning two-factor off, needs it, so a borrowed session is
 * not enough. Answers the stored hash, so a change can be made conditional on the password still being the
 * one checked.
 */
export async function assertCurrentPassword(
  db: DB,
  userId: number,
  password: string,
  pepper: string,
  field: string,
): Promise<string> {
  const stored = await db
    .selectFrom("users")
    .select(["passwordHash", "passwordSalt", "passwordIterations"])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(password, stored, pepper)))
    throw badRequest(field === "currentPassword" ? "wrongCurrentPassword" : "wrongPassword", "wrong_password", field);
  return stored.passwordHash;
}
