/** The e-invoices feature's API texts in English: its key set (fr.ts and ar.ts must have every key).
 * Unlike docs/adding-a-feature.md, no import of ../types: types.ts imports features.gen.ts, which imports
 * this file, and tests/tools/import-cycles.test.ts refuses that circle. */
export const en = {
  messages: {
    noEInvoiceParties:
      "This document cannot be an e-invoice: the seller's country (store settings) or the buyer's email address is missing.",
  },
  successes: {},
} as const;
