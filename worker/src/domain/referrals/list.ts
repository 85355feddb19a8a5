import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";

/**
 * search-referral as a list (db/list.ts): newest first, walking referrals_created. A search is a referral
 * code or either side's exact email, each looked up by its unique index: no text scan.
 */
export function referralList(db: DB, search: string): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = db
    .selectFrom("referrals as r")
    .innerJoin("users as a", "a.userId", "r.referrerId")
    .innerJoin("users as b", "b.userId", "r.refereeId")
    .leftJoin("payments as p", "p.referenceId", "r.rewardRef")
    .select([
      "r.referrerId",
      "a.userName as referrerName",
      "r.refereeId",
      "b.userName as refereeName",
      "r.status",
      "r.referrerPoints as points",
      "p.amount as firstPaymentAmount",
      "r.rewardedAt",
      "r.createdAt",
    ]);
  if (search) {
    const byEmail = db.selectFrom("users").select("userId").where("userEmail", "=", search.toLowerCase());
    const byCode = db.selectFrom("referral_codes").select("userId").where("code", "=", search.toUpperCase());
    query = query.where((eb) =>
      eb.or([eb("r.referrerId", "in", byEmail), eb("r.refereeId", "in", byEmail), eb("r.referrerId", "in", byCode)]),
    );
  }
  return {
    query,
    order: [
      [sql`r.createdAt`, "desc"],
      [sql`r.refereeId`, "desc"],
    ],
  };
}

/** What my-referral shows of a client's program: how many signed up, the points earned net of take-backs, their own referrer. */
export async function referralStanding(db: DB, userId: number) {
  const row = await sql<{ referred: number; pointsEarned: number; referredBy: string | null }>`
    SELECT (SELECT count(*) FROM referrals WHERE referrerId = ${userId}) AS referred,
      (SELECT coalesce(sum(l.delta), 0) FROM referrals r
         JOIN quota_ledger l ON l.ref IN ('referral:' || r.refereeId, 'referral-back:' || r.refereeId)
        WHERE r.referrerId = ${userId}) AS pointsEarned,
      (SELECT u.userName FROM referrals r JOIN users u ON u.userId = r.referrerId WHERE r.refereeId = ${userId}) AS referredBy`.execute(
    db,
  );
  const standing = row.rows[0]!;
  return { referred: Number(standing.referred), pointsEarned: Number(standing.pointsEarned), referredBy: standing.referredBy };
}
