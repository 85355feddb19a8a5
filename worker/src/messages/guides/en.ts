/** The guides' API texts in English: its key set (fr.ts and ar.ts must have every key). No import of ../types (see reviews/en.ts). */
export const en = {
  messages: {
    noSuchArticle: "No published article has this address.",
    noSuchCourse: "No course has this name.",
    articleSlugTaken: "Another article already has this address.",
  },
  successes: {
    articleSaved: "The article is saved.",
    articleDeleted: "The article is deleted.",
    articleMarkedRead: "The article is marked as read.",
  },
} as const;
