import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** Help articles in courses (decision 0023): staff write them (`update Article`); clients and visitors read the published ones. */
export const subjects = ["Article"] as const;

export const ARTICLE_LANGUAGES = ["en", "fr", "ar"] as const;
/** The longest stored body, in characters of HTML. */
export const ARTICLE_BODY_MAX = 50_000;
export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const language = z.enum(ARTICLE_LANGUAGES);

/** One text per language: English is required, a missing French or Arabic text is read in English. */
const perLanguage = <E extends z.ZodType<string>>(max: number, english: E) =>
  z.object({ en: english, fr: f.optionalText(max), ar: f.optionalText(max) });

export const articleSummary = z.strictObject({
  articleId: z.number().int(),
  slug: z.string(),
  course: z.string().meta({ description: "The course's slug." }),
  courseTitle: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  icon: z.string(),
  language: language.meta({ description: "The language of `title` (English when the asked one is not written)." }),
  title: z.string(),
  summary: z.string(),
  read: z.boolean().meta({ description: "Whether the signed-in caller has read it (false for a visitor)." }),
  updatedAt: timestamp(),
});

const texts = z.strictObject({ title: z.string(), summary: z.string(), body: z.string() });

export const article = articleSummary.extend({
  body: z.string().meta({ description: "Sanitised HTML, in `language`." }),
  texts: z
    .strictObject({ en: texts, fr: texts, ar: texts })
    .optional()
    .meta({ description: "Staff only: every language as written ('' where not translated), for the editor." }),
});

export const course = z.strictObject({
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  articles: z.number().int().meta({ description: "Its articles the caller may read." }),
  read: z.number().int().meta({ description: "How many of them the caller has read." }),
});

const askedLanguage = f.blankIsAbsent(language).meta({
  description: "Defaults to the web app's language cookie, else English.",
});

export const guideCalls = defineCalls({
  "search-article": {
    summary:
      "Help articles by course then position, in `language` with English where a text is not translated. Published ones only, " +
      "except for staff (`update Article`). Beside the page, every course with its counts. A search that finds nothing is counted for staff.",
    access: "public",
    input: z.object({
      course: f.blankIsAbsent(f.text(80)),
      search: f.search(),
      language: askedLanguage,
      ...f.paging(100),
    }),
    answer: listOf(articleSummary, { courses: z.array(course) }),
  },
  "article-detail": {
    summary:
      "One article by slug, in `language` with English where not translated; 404 no_such_article unless published (or staff).",
    access: "public",
    readsOnly: true,
    input: z.object({ slug: f.text(80), language: askedLanguage }),
    answer: article,
  },
  "mark-article-read": {
    summary: "Marks a published article read by the caller (opening it while signed in); idempotent.",
    access: ["read", "Article"],
    input: z.object({ articleId: f.id() }),
    answer: done,
  },
  "article-stats": {
    summary: "For staff: each article's readers, and the help center searches that found nothing (most asked first).",
    access: ["update", "Article"],
    input: z.object({}),
    answer: z.strictObject({
      articles: z.array(
        z.strictObject({
          articleId: z.number().int(),
          slug: z.string(),
          title: z.string(),
          published: z.boolean(),
          readers: z.number().int(),
        }),
      ),
      missedSearches: z.array(z.strictObject({ search: z.string(), language, searches: z.number().int(), lastAt: timestamp() })),
    }),
  },
  "update-article": {
    summary:
      "Creates (articleId 0) or edits an article; bodies are sanitised to the rich-text allow-list. 404 no_such_course, 409 slug_taken.",
    access: ["update", "Article"],
    input: z.object({
      articleId: f.idOrNew(),
      slug: f.textMatching(80, ARTICLE_SLUG, "notValid"),
      course: f.text(80),
      position: f.int(0, 10_000),
      published: f.bool(),
      title: perLanguage(200, f.text(200)),
      summary: perLanguage(400, f.optionalText(400)).optional(),
      body: perLanguage(ARTICLE_BODY_MAX, f.text(ARTICLE_BODY_MAX)),
    }),
    answer: z.strictObject({ message: z.string(), article }),
  },
  "delete-article": {
    summary: "Deletes an article and its readers' marks.",
    access: ["delete", "Article"],
    input: z.object({ articleId: f.id() }),
    answer: done,
  },
});

export const groups = { Guides: guideCalls };
export const entities = { Article: article, ArticleSummary: articleSummary, Course: course };
