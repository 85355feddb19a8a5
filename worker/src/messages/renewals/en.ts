import type { FeatureEnglish } from "../catalog-types";

/** Saved cards and automatic renewal (issue 40): the feature's API texts in English, its key set. */
export const en = {
  messages: {
    noSuchCard: "No saved card of yours has this id.",
    noSuchSubscriptionOfYours: "No subscription of yours has this id.",
    subscriptionAlreadyEnded: "This subscription has ended: buy the item again instead.",
  },
  successes: {
    cardSaved: "Card saved.",
    cardRemoved: "Card removed.",
    defaultCardChosen: "Renewals now use this card.",
    autoRenewOn: "This subscription now renews automatically.",
    autoRenewOff: "This subscription no longer renews automatically.",
  },
} as const satisfies FeatureEnglish;
