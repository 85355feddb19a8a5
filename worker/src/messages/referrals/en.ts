/** The referral program's API texts in English: its key set (fr.ts and ar.ts must have every key).
 * Unlike docs/adding-a-feature.md, no import of ../types: types.ts imports features.gen.ts, which imports
 * this file, and tests/tools/import-cycles.test.ts refuses that circle. */
export const en = {
  messages: {
    noSuchReferralCode: "No client has this referral code.",
    ownReferralCode: "You cannot use your own referral code.",
    alreadyReferred: "This account already has a referrer.",
    referralAfterPayment: "A referral code counts only before the first payment.",
  },
  successes: {},
} as const;
