/**
 * The tour's API texts in English: its key set (fr.ts and ar.ts must have every key). Typed here without
 * ../types, which imports every feature's catalog through features.gen.ts (an import circle otherwise).
 */
export const en = {
  messages: {},
  successes: {
    tourSeen: "The tour will not start again on its own.",
    tourForgotten: "The tour will start again on your home page.",
  },
} as const;

/** A translation of these texts: every key of the English, no other (what FeatureCatalog checks). */
export type TourCatalog = { [G in keyof typeof en]: { [K in keyof (typeof en)[G]]: string } };
