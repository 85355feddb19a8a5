import type { Generated } from "kysely";

/** A client's referral code (migration 0290). */
export interface ReferralCodesTable {
  userId: number;
  code: string;
  createdAt: Generated<string>;
}

/** Who referred whom, and the reward's state (migration 0290). */
export interface ReferralsTable {
  refereeId: number;
  referrerId: number;
  referrerPoints: number;
  refereePoints: number;
  status: Generated<"registered" | "rewarded" | "revoked">;
  rewardRef: string | null;
  rewardedAt: string | null;
  createdAt: Generated<string>;
}

// The feature's tables join the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    referral_codes: ReferralCodesTable;
    referrals: ReferralsTable;
  }
}
