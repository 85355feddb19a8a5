/** Whole points from a var: blank, negative or not a number is 0 (that reward off). */
function points(value: string | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * What a referral pays (domain/referrals `ReferralRewards`): the deployment's vars for now. When the store
 * settings live in D1 (issue 41 item 2), this is the one place that reads them instead.
 */
export function referralRewardsOf(env: Env): { rewardPoints: number; newClientPoints: number } {
  return { rewardPoints: points(env.REFERRAL_REWARD_POINTS), newClientPoints: points(env.REFERRAL_NEW_CLIENT_POINTS) };
}
