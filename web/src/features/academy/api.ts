import { api, type CallAnswer, type CallInput, type ListRow } from "../../lib/api";

export const SEARCH_ARTICLE = "search-article";

/** An article as lists show it, and a course with the reader's counts: the contract's rows. */
export type ArticleSummary = ListRow<typeof SEARCH_ARTICLE>;
export type Course = CallAnswer<typeof SEARCH_ARTICLE>["courses"][number];
export type Article = CallAnswer<"article-detail">;
export type ArticleInput = CallInput<"update-article">;
export type Language = Article["language"];

export const LANGUAGES: readonly Language[] = ["en", "fr", "ar"];

/** Every article the caller may read (a hundred is the whole help center), with the courses' counts. */
export const guidesKey = (course?: string) => [SEARCH_ARTICLE, course ?? ""] as const;
export const fetchGuides = (course?: string) => api(SEARCH_ARTICLE, { limit: 100, ...(course ? { course } : {}) });

export const articleKey = (slug: string) => ["article-detail", slug] as const;
export const fetchArticle = (slug: string) => api("article-detail", { slug });

export const markRead = (articleId: number) => api("mark-article-read", { articleId });
export const fetchStats = () => api("article-stats", {});
export const saveArticle = (input: ArticleInput) => api("update-article", input);
export const deleteArticle = (articleId: number) => api("delete-article", { articleId });

/** A share of a course read, 0 to 100. */
export const percentRead = (course: Pick<Course, "articles" | "read">) =>
  course.articles === 0 ? 0 : Math.round((course.read / course.articles) * 100);
