import { sql } from "kysely";
import type { DB } from "../../db";
import { badRequest, conflict } from "../../errors";

/** The points a referral pays: to the referrer, and to the new client (http/referral-rewards.ts reads them). */
export interface ReferralRewards {
  rewardPoints: number;
  newClientPoints: number;
}

/** Letters and digits people read back without confusion (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;

/** A fresh code: 8 of 31 symbols, about 40 bits, too many to guess one that exists. */
export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  // 256 is not a multiple of 31: the bias (at most 1 in 8) does not make a code guessable.
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The user's code, made on first ask. Two first asks at once keep one: the row's key is the user. */
export async function referralCodeOf(db: DB, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await db.selectFrom("referral_codes").select("code").where("userId", "=", userId).executeTakeFirst();
    if (found) return found.code;
    await db
      .insertInto("referral_codes")
      .values({ userId, code: newReferralCode() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error("referral code not stored");
}

/** The live client a code belongs to. */
export async function referrerOfCode(db: DB, code: string) {
  return db
    .selectFrom("referral_codes as c")
    .innerJoin("users as u", "u.userId", "c.userId")
    .select(["u.userId", "u.userName"])
    .where("c.code", "=", code)
    .where("u.deletedAt", "is", null)
    .executeTakeFirst();
}

/**
 * Ties `refereeId` to the referrer of `code`, once. The INSERT holds every rule in its conditions (not
 * the referee's own code, no referrer yet, no paid payment yet), so a race of ties keeps one; the reads
 * before it only word the refusal.
 */
export async function tieReferral(db: DB, refereeId: number, code: string, rewards: ReferralRewards): Promise<void> {
  const referrer = await referrerOfCode(db, code);
  if (!referrer) throw badRequest("noSuchReferralCode", "no_such_referral_code", "referralCode");
  if (referrer.userId === refereeId) throw badRequest("ownReferralCode", "self_referral", "referralCode");
  const inserted = await sql`
    INSERT INTO referrals (refereeId, referrerId, referrerPoints, refereePoints)
    SELECT ${refereeId}, ${referrer.userId}, ${rewards.rewardPoints}, ${rewards.newClientPoints}
    WHERE NOT EXISTS (SELECT 1 FROM payments WHERE userId = ${refereeId} AND paidAt IS NOT NULL)
    ON CONFLICT DO NOTHING`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) > 0) return;
  const tied = await db.selectFrom("referrals").select("referrerId").where("refereeId", "=", refereeId).executeTakeFirst();
  if (tied) throw conflict("alreadyReferred", "already_referred", "referralCode");
  throw conflict("referralAfterPayment", "already_paid", "referralCode");
}
