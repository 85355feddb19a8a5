import { nowSeconds, type DB } from "../db";
import { randomToken, sha256Hex } from "./crypto";

export type TokenPurpose = "reset" | "verify" | "two_steps";

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  reset: 60 * 60,
  verify: 48 * 60 * 60,
  two_steps: 5 * 60,
};

/** A single-use token: the raw value for the mail or the client, and the insert of its hash. */
export async function issueToken(db: DB, userId: number, purpose: TokenPurpose, detail: string | null = null) {
  const token = randomToken(32);
  const insert = db.insertInto("auth_tokens").values({
    tokenHash: await sha256Hex(token),
    userId,
    purpose,
    detail,
    expiresAt: nowSeconds() + TOKEN_TTL_SECONDS[purpose],
    usedAt: null,
  });
  return { token, insert };
}

/** Marks a valid token used and returns its row, or null when unknown, expired or already used. */
export async function consumeToken(db: DB, token: string, purpose: TokenPurpose) {
  const tokenHash = await sha256Hex(token);
  const now = nowSeconds();
  return (
    (await db
      .updateTable("auth_tokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .returning(["userId", "detail"])
      .executeTakeFirst()) ?? null
  );
}
