/** The reviews feature's API texts in English: its key set (fr.ts and ar.ts must have every key).
 * Unlike docs/adding-a-feature.md, no import of ../types: types.ts imports features.gen.ts, which imports
 * this file, and tests/tools/import-cycles.test.ts refuses that circle. */
export const en = {
  messages: {
    noSuchReviewItem: "No item has this id.",
    reviewNotHolder: "Only a client who holds or held this item may review it.",
    noSuchReview: "No review has this id.",
  },
  successes: {
    reviewSaved: "Thank you: your review is saved and will show once it is published.",
    reviewPublished: "The review is published.",
    reviewHidden: "The review is hidden.",
  },
} as const;
