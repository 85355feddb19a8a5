import { api, type CallAnswer } from "../../lib/api";

/** The answer of `public-catalogue`: active rows only, as a visitor may see them. */
export type PublicCatalogue = CallAnswer<typeof PUBLIC_CATALOGUE>;
export type PublicBundle = PublicCatalogue["bundles"][number];
export type PublicItem = PublicCatalogue["items"][number];

export const PUBLIC_CATALOGUE = "public-catalogue";

export function publicCatalogue() {
  return api(PUBLIC_CATALOGUE);
}

/** The help center's articles (published ones) in `language`, and one article with its body (decision 0023). */
export type HelpListAnswer = CallAnswer<"search-article">;
export type HelpArticleAnswer = CallAnswer<"article-detail">;
export type HelpLanguage = HelpArticleAnswer["language"];

export const helpListKey = (language: HelpLanguage, search: string) => ["search-article", language, search] as const;
export const helpList = (language: HelpLanguage, search: string) => api("search-article", { language, search, limit: 100 });

export const helpArticleKey = (language: HelpLanguage, slug: string) => ["article-detail", language, slug] as const;
export const helpArticle = (language: HelpLanguage, slug: string) => api("article-detail", { language, slug });

/** Opening an article while signed in marks it read (the academy's progress). */
export const markHelpArticleRead = (articleId: number) => api("mark-article-read", { articleId });
