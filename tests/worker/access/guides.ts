import type { Audience } from "../access-table";

/** Who the calls of worker/src/routes/guides.ts are for (the permission matrix compares it with their access). */
export const access: Record<string, Audience> = {
  "search-article": "public",
  "article-detail": "public",
  "mark-article-read": "client+admin",
  "article-stats": "admin",
  "update-article": "admin",
  "delete-article": "admin",
};
