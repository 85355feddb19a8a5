import type { StoreSettings } from "../contract/storesettings";

/**
 * What a referral pays (domain/referrals `ReferralRewards`), from the store settings in force: an admin
 * sets the points in /apps/ecommerce/settings; until then the REFERRAL_* vars are the defaults.
 */
export function referralRewardsOf(settings: StoreSettings): { rewardPoints: number; newClientPoints: number } {
  return { rewardPoints: settings.referralRewardPoints, newClientPoints: settings.referralNewClientPoints };
}
