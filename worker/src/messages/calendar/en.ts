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
} as const;

/**
 * What fr.ts and ar.ts must be: every English key, each a text. Written here rather than as messages/types.ts's
 * `FeatureCatalog`: importing types.ts, which reads features.gen.ts, which reads these files, is an import circle.
 */
export type CalendarTranslation = { [Section in keyof typeof en]: { [Key in keyof (typeof en)[Section]]: string } };

export const samples = {
  successes: {
    calendarSubscriptionEnds: { title: "Pro" },
    calendarPaymentExpires: { title: "Pro" },
    calendarCouponExpires: { title: "WELCOME-10" },
    calendarRenewal: { title: "Pro" },
  },
};
