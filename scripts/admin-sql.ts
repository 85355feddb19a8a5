import { hashPassword } from "../worker/src/auth/password";
import { hasUnsafeCharacters } from "../worker/src/contract/fields";

/** SQL text literal. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

export interface AdminInput {
  email: string;
  password: string;
  name: string;
  /** The deployment's SESSION_PEPPER secret: sign-in hashes with it, so this hash must too. */
  pepper: string;
}

/** Why the input cannot make an admin, or null (the same rules as the API's: a real address, 8+ characters, a plain name). */
export function adminInputProblem(input: AdminInput): string | null {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) return "ADMIN_EMAIL is not an email address.";
  if (input.password.length < 8 || input.password.length > 200) return "ADMIN_PASSWORD needs 8 to 200 characters.";
  if (input.pepper.length < 16) return "SESSION_PEPPER must be the deployed secret (16+ characters).";
  if (input.name.trim() === "" || input.name.length > 100) return "ADMIN_NAME needs 1 to 100 characters.";
  // The rule of every name the API takes (contract/fields.ts displayName).
  if (hasUnsafeCharacters(input.name)) return "ADMIN_NAME must not contain control characters or bidirectional overrides.";
  return null;
}

/**
 * One statement that makes the admin: a new active, verified admin, or, when the address exists, that
 * user promoted, re-activated and given this password (their sessions end with the password change).
 */
export async function adminSql(input: AdminInput): Promise<string> {
  const hash = await hashPassword(input.password, input.pepper);
  const email = text(input.email.toLowerCase());
  return [
    `INSERT INTO users (userName, userEmail, userRole, userIsActive, emailVerified, passwordHash, passwordSalt, passwordIterations)`,
    `VALUES (${text(input.name.trim())}, ${email}, 'admin', 1, 1, ${text(hash.passwordHash)}, ${text(hash.passwordSalt)}, ${hash.passwordIterations})`,
    `ON CONFLICT(userEmail) DO UPDATE SET userRole = 'admin', userIsActive = 1, emailVerified = 1, deletedAt = NULL,`,
    `  passwordHash = excluded.passwordHash, passwordSalt = excluded.passwordSalt,`,
    `  passwordIterations = excluded.passwordIterations, updatedAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');`,
    `DELETE FROM sessions WHERE userId = (SELECT userId FROM users WHERE userEmail = ${email});`,
  ].join("\n");
}
