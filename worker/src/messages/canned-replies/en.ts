import type { FeatureEnglish } from "../catalog-types";

/** The canned replies' API texts in English: their key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    noSuchCannedReply: "No such canned reply.",
    cannedReplyEmpty: "Write the reply's text first.",
    cannedReplyNameTaken: "A canned reply of this language already has this name.",
    cannedRepliesFull: "The desk keeps at most 200 canned replies: delete one first.",
  },
  successes: {
    cannedReplyAdded: "Canned reply added.",
    cannedReplySaved: "Canned reply saved.",
    cannedReplyDeleted: "Canned reply deleted.",
  },
} as const satisfies FeatureEnglish;
