import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db";
import type { Language } from "../../errors/language";

const COLUMN_SUFFIX = { en: "En", fr: "Fr", ar: "Ar" } as const;
type TextField = "title" | "summary" | "body";

/** SQL: a text of `table` in `language`, English where that one is not written (''). */
function inLanguage(table: "a" | "c", field: TextField, language: Language): RawBuilder<string> {
  const english = sql.ref(`${table}.${field}En`);
  if (language === "en") return sql<string>`${english}`;
  return sql<string>`coalesce(nullif(${sql.ref(`${table}.${field}${COLUMN_SUFFIX[language]}`)}, ''), ${english})`;
}

/** SQL: which language `title` is read in (the asked one if written, else English). */
const servedLanguage = (language: Language) =>
  language === "en"
    ? sql<Language>`'en'`
    : sql<Language>`CASE WHEN ${sql.ref(`a.title${COLUMN_SUFFIX[language]}`)} <> '' THEN ${language} ELSE 'en' END`;

export interface ArticleReader {
  language: Language;
  /** The signed-in caller, whose read marks are joined (null for a visitor). */
  userId: number | null;
  /** Staff also see the unpublished articles. */
  staff: boolean;
}

/** Articles as the API lists them, in the reader's language, with their course and whether the reader read them. */
export function articleRows(db: DB, reader: ArticleReader) {
  let query = db
    .selectFrom("articles as a")
    .innerJoin("courses as c", "c.courseId", "a.courseId")
    .leftJoin("article_reads as r", (join) =>
      join.onRef("r.articleId", "=", "a.articleId").on("r.userId", "=", reader.userId ?? 0),
    )
    .select([
      "a.articleId",
      "a.articleSlug as slug",
      "c.courseSlug as course",
      inLanguage("c", "title", reader.language).as("courseTitle"),
      "a.position",
      sql<boolean>`a.published = 1`.as("published"),
      "a.icon",
      servedLanguage(reader.language).as("language"),
      inLanguage("a", "title", reader.language).as("title"),
      inLanguage("a", "summary", reader.language).as("summary"),
      sql<boolean>`r.userId IS NOT NULL`.as("read"),
      "a.updatedAt",
    ]);
  if (!reader.staff) query = query.where("a.published", "=", 1);
  return query;
}

/** The article's body in the reader's language (English where not translated), beside its listing columns. */
export const articleWithBody = (db: DB, reader: ArticleReader) =>
  articleRows(db, reader).select(inLanguage("a", "body", reader.language).as("body"));

/** Every course in order, with how many of its articles the reader may read and has read. */
export function courseCounts(db: DB, reader: ArticleReader) {
  return db
    .selectFrom("courses as c")
    .leftJoin("articles as a", (join) => {
      const inCourse = join.onRef("a.courseId", "=", "c.courseId");
      return reader.staff ? inCourse : inCourse.on("a.published", "=", 1);
    })
    .leftJoin("article_reads as r", (join) =>
      join.onRef("r.articleId", "=", "a.articleId").on("r.userId", "=", reader.userId ?? 0),
    )
    .select([
      "c.courseSlug as slug",
      inLanguage("c", "title", reader.language).as("title"),
      "c.position",
      sql<number>`count(a.articleId)`.as("articles"),
      sql<number>`count(r.userId)`.as("read"),
    ])
    .groupBy("c.courseId")
    .orderBy("c.position")
    .orderBy("c.courseId");
}

/** `text` as a LIKE pattern that matches it literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Counts a help center search that found nothing (one row per text and language). */
export function countMissedSearch(db: DB, search: string, language: Language) {
  return db
    .insertInto("article_searches")
    .values({ searchText: search.toLowerCase(), language })
    .onConflict((oc) =>
      oc.columns(["searchText", "language"]).doUpdateSet({
        searches: sql`searches + 1`,
        lastAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      }),
    );
}

/** For staff: each article with how many users read it, in course order, titled in `language` (English where unwritten). */
export function articleReaders(db: DB, language: Language) {
  return db
    .selectFrom("articles as a")
    .innerJoin("courses as c", "c.courseId", "a.courseId")
    .select([
      "a.articleId",
      "a.articleSlug as slug",
      inLanguage("a", "title", language).as("title"),
      sql<boolean>`a.published = 1`.as("published"),
      (eb) =>
        eb
          .selectFrom("article_reads as r")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("r.articleId", "=", "a.articleId")
          .as("readers"),
    ])
    .orderBy("c.position")
    .orderBy("a.position")
    .orderBy("a.articleId");
}

/** The most asked searches that found nothing. */
export const missedSearches = (db: DB, limit = 50) =>
  db
    .selectFrom("article_searches")
    .select(["searchText as search", "language", "searches", "lastAt"])
    .orderBy("searches", "desc")
    .orderBy("lastAt", "desc")
    .limit(limit);
