/**
 * A statement of a grant or refund batch that runs only where that batch's own token is on its row
 * (grant.ts and refund-settle.ts `when`): `text` must end in a WHERE clause, the guard is ANDed to it.
 */
export type Guarded = (text: string, ...binds: unknown[]) => D1PreparedStatement;

/** The ledger refs of a referral: UNIQUE in quota_ledger, so each happens once per referee. */
const refs = (refereeId: number) => ({
  reward: `referral:${refereeId}`,
  welcome: `referral-welcome:${refereeId}`,
  rewardBack: `referral-back:${refereeId}`,
  welcomeBack: `referral-welcome-back:${refereeId}`,
});

/**
 * For the grant batch of `referenceId`, paid by `userId`: when it is that client's first paid payment
 * and they were referred, the referral is rewarded (its row's rewardRef, UNIQUE, names the payment), the
 * referrer earns their points and the new client theirs, each a ledger row and the balance with it.
 * Every statement after the first runs only where the referral names this payment, and the batch's
 * guard holds only in the one batch that marked the payment paid: concurrent confirms and replayed
 * webhooks reward once.
 */
export function referralRewardStatements(when: Guarded, referenceId: string, userId: number): D1PreparedStatement[] {
  const now = new Date().toISOString();
  const ref = refs(userId);
  const rewarded = "SELECT 1 FROM referrals WHERE refereeId = ? AND rewardRef = ?";
  const credit = (
    ledgerRef: string,
    whose: "referrerId" | "refereeId",
    points: "referrerPoints" | "refereePoints",
    note: string,
  ) => [
    when(
      `INSERT INTO quota_ledger (userId, delta, reason, ref, note)
       SELECT ${whose}, ${points}, 'grant', ?, ? FROM referrals WHERE refereeId = ? AND rewardRef = ? AND ${points} > 0`,
      ledgerRef,
      note,
      userId,
      referenceId,
    ),
    when(
      `UPDATE users SET userQuota = userQuota + (SELECT delta FROM quota_ledger WHERE ref = ?)
       WHERE userId = (SELECT ${whose} FROM referrals WHERE refereeId = ?)
         AND EXISTS (SELECT 1 FROM quota_ledger WHERE ref = ?) AND EXISTS (${rewarded})`,
      ledgerRef,
      userId,
      ledgerRef,
      userId,
      referenceId,
    ),
  ];
  return [
    when(
      `UPDATE referrals SET status = 'rewarded', rewardRef = ?, rewardedAt = ?
       WHERE refereeId = ? AND status = 'registered'
         AND NOT EXISTS (SELECT 1 FROM payments WHERE userId = ? AND paidAt IS NOT NULL AND referenceId <> ?)
         AND EXISTS (SELECT 1 FROM users WHERE userId = referrals.referrerId AND deletedAt IS NULL)`,
      referenceId,
      now,
      userId,
      userId,
      referenceId,
    ),
    ...credit(ref.reward, "referrerId", "referrerPoints", "Referral reward"),
    ...credit(ref.welcome, "refereeId", "refereePoints", "Welcome points of a referral"),
  ];
}

/**
 * For the settle batch of a refund of `amount` of `referenceId`, paid by `userId`: when the refund
 * completes the payment that rewarded a referral, both sides' points are taken back (never below zero:
 * what was spent stays spent) and the referral shows as revoked. Runs before the batch adds the refund
 * to the payment's refundedAmount.
 */
export function referralTakeBackStatements(
  when: Guarded,
  referenceId: string,
  userId: number,
  amount: number,
  actorId: number | null,
): D1PreparedStatement[] {
  const ref = refs(userId);
  const completes = "(SELECT amount - refundedAmount FROM payments WHERE referenceId = ?) = ?";
  const revocable = `EXISTS (SELECT 1 FROM referrals WHERE refereeId = ? AND rewardRef = ? AND status = 'rewarded') AND ${completes}`;
  const revocableBinds = [userId, referenceId, referenceId, amount];
  const debit = (
    ledgerRef: string,
    whose: "referrerId" | "refereeId",
    points: "referrerPoints" | "refereePoints",
    note: string,
  ) => [
    when(
      `INSERT INTO quota_ledger (userId, delta, reason, ref, note, actorId)
       SELECT u.userId, -min(u.userQuota, r.${points}), 'grant', ?, ?, ?
       FROM referrals r JOIN users u ON u.userId = r.${whose}
       WHERE r.refereeId = ? AND min(u.userQuota, r.${points}) > 0 AND ${revocable}`,
      ledgerRef,
      note,
      actorId,
      userId,
      ...revocableBinds,
    ),
    when(
      `UPDATE users SET userQuota = userQuota + (SELECT delta FROM quota_ledger WHERE ref = ?)
       WHERE userId = (SELECT ${whose} FROM referrals WHERE refereeId = ?)
         AND EXISTS (SELECT 1 FROM quota_ledger WHERE ref = ?) AND ${revocable}`,
      ledgerRef,
      userId,
      ledgerRef,
      ...revocableBinds,
    ),
  ];
  return [
    ...debit(ref.rewardBack, "referrerId", "referrerPoints", "Referral reward taken back (refund)"),
    ...debit(ref.welcomeBack, "refereeId", "refereePoints", "Welcome points taken back (refund)"),
    when(`UPDATE referrals SET status = 'revoked' WHERE refereeId = ? AND ${revocable}`, userId, ...revocableBinds),
  ];
}
