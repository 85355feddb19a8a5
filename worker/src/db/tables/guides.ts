import type { Generated } from "kysely";

/** A course: the articles it groups, in order (migration 0320). */
export interface CoursesTable {
  courseId: Generated<number>;
  courseSlug: string;
  position: number;
  titleEn: string;
  titleFr: Generated<string>;
  titleAr: Generated<string>;
}

/** A help article; '' in a French or Arabic column means not translated (English is read instead). */
export interface ArticlesTable {
  articleId: Generated<number>;
  articleSlug: string;
  courseId: number;
  position: number;
  published: number;
  icon: Generated<string>;
  titleEn: string;
  titleFr: Generated<string>;
  titleAr: Generated<string>;
  summaryEn: Generated<string>;
  summaryFr: Generated<string>;
  summaryAr: Generated<string>;
  bodyEn: string;
  bodyFr: Generated<string>;
  bodyAr: Generated<string>;
  updatedAt: Generated<string>;
}

/** An article a user has read. */
export interface ArticleReadsTable {
  userId: number;
  articleId: number;
  readAt: Generated<string>;
}

/** A help center search that found nothing, counted per text and language. */
export interface ArticleSearchesTable {
  searchText: string;
  language: "en" | "fr" | "ar";
  searches: Generated<number>;
  lastAt: Generated<string>;
}

declare module "../schema" {
  interface Database {
    courses: CoursesTable;
    articles: ArticlesTable;
    article_reads: ArticleReadsTable;
    article_searches: ArticleSearchesTable;
  }
}
