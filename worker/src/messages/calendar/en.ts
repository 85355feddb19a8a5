import type { FeatureEnglish, FeatureSamples } from "../catalog-types";

/** The calendar feature's API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    calendarPeriodInvalid: "The end date must be on or after the start date, at most 92 days later.",
    ownCalendarOnly: "You can only see your own calendar.",
  },
  successes: {
    // The feed's event summaries (SUMMARY), in its owner's mail language.
    calendarSubscriptionEnds: "Subscription ends: {title}",
    calendarPaymentExpires: "Payment expires: {title}",
    calendarCouponExpires: "Coupon expires: {title}",
    calendarRenewal: "Renewal: {title}",
  },
} as const satisfies FeatureEnglish;

export const samples: FeatureSamples = {
  successes: {
    calendarSubscriptionEnds: { title: "Pro" },
    calendarPaymentExpires: { title: "Pro" },
    calendarCouponExpires: { title: "WELCOME-10" },
    calendarRenewal: { title: "Pro" },
  },
};
