/**
 * Saved cards and automatic renewal (issue 40): the feature's API texts in English, its key set. Its
 * catalogs name no type of ../types.ts, which imports the collected index of every catalog: the import
 * circle tests/tools/import-cycles.test.ts refuses. Plain texts (no parameters), so a catalog's type is
 * the same keys with strings.
 */
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
} as const;

/** A translation of these texts: every key, no other. */
export type RenewalsCatalog = {
  [S in keyof typeof en]: { readonly [K in keyof (typeof en)[S]]: string };
};
