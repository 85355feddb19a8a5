import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import * as f from "./fields";

/** The CASL subject of the referral program (clients read their own; an admin's `manage all` covers the rest). */
export const subjects = ["Referral"] as const;

/** A referral code as typed or linked, case ignored; one that no client has is refused by the handler. */
export const referralCode = () =>
  z.preprocess((v: string) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().min(1).max(32));

export const referralStatus = z.enum(["registered", "rewarded", "revoked"]);

const myReferral = z.strictObject({
  code: z.string(),
  link: z.string().meta({ description: "The register page with the code: `<origin>/register?ref=CODE`." }),
  referred: z.number().int().meta({ description: "How many accounts signed up with the code." }),
  pointsEarned: z.number().int().meta({ description: "Points the rewards earned, less those taken back on refunds." }),
  referredBy: z.string().nullable().meta({ description: "The referrer's name, when this account was referred." }),
});

export const referral = z.strictObject({
  referrerId: z.number().int(),
  referrerName: z.string(),
  refereeId: z.number().int(),
  refereeName: z.string(),
  status: referralStatus.meta({ description: "registered: no paid payment yet; rewarded; revoked: that payment was refunded." }),
  points: z.number().int().meta({ description: "The referrer's reward (earned once rewarded)." }),
  firstPaymentAmount: z
    .number()
    .int()
    .nullable()
    .meta({ description: "What the referee's first paid payment paid (minor units)." }),
  rewardedAt: timestamp().nullable(),
  createdAt: timestamp(),
});

export const referralCalls = defineCalls({
  "my-referral": {
    summary:
      "The caller's referral code (made on first ask), its link, how many signed up with it and the points it earned. " +
      "With `referralCode`, ties the caller to that referrer: not their own code (400), once (409), never after their first paid payment (409).",
    access: ["read", "Referral"],
    input: z.object({ referralCode: referralCode().optional() }),
    answer: myReferral,
  },
  "search-referral": {
    summary:
      "Who referred whom, newest first: the reward's state and what the first payment paid. `search` is a referral code or either side's exact email.",
    access: ["manage", "Referral"],
    input: z.object({ search: f.search(), ...f.paging(10) }),
    answer: listOf(referral),
  },
});

export const groups = { Referrals: referralCalls };
export const entities = { Referral: referral };
