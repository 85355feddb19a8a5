import type { FeatureEnglish } from "../types";

/** The tour's API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {},
  successes: {
    tourSeen: "The tour will not start again on its own.",
    tourForgotten: "The tour will start again on your home page.",
  },
} as const satisfies FeatureEnglish;
