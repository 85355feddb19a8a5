import type { FeatureEnglish, FeatureSamples } from "../catalog-types";

/** Ticket attachments' API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    ticketFilesNeedDraft: "Files go with a saved draft: save the ticket as a draft, then send it with its files.",
    ticketAttachmentsTooLarge: "A message's files may be {size} in all.",
  },
  successes: {},
} as const satisfies FeatureEnglish;

export const samples: FeatureSamples = {
  messages: { ticketAttachmentsTooLarge: { size: "20 MB" } },
};
