import type { FeatureEnglish } from "../catalog-types";

/** The referral program's API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    noSuchReferralCode: "No client has this referral code.",
    ownReferralCode: "You cannot use your own referral code.",
    alreadyReferred: "This account already has a referrer.",
    referralAfterPayment: "A referral code counts only before the first payment.",
  },
  successes: {},
} as const satisfies FeatureEnglish;
