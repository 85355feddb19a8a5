import { sql } from "kysely";
import type { ListRowOf } from "../contract";
import { guideCalls } from "../contract/academy";
import { runBatch } from "../db";
import { listPage } from "../db/list";
import { audit, insertedRowId } from "../domain/audit";
import {
  articleReaders,
  articleRows,
  articleWithBody,
  containsPattern,
  countMissedSearch,
  courseCounts,
  missedSearches,
  type ArticleReader,
} from "../domain/guides/articles";
import { sanitiseRichHtml } from "../domain/rich-text/html";
import { conflict, notFound } from "../errors";
import type { Language } from "../errors/language";
import { domainOf, requireUser, type Ctx } from "../http/context";
import { requestLanguage } from "../http/language";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";

type ArticleSummary = ListRowOf<"search-article">;
interface CourseCounts {
  slug: string;
  title: string;
  position: number;
  articles: number;
  read: number;
}

/** The columns a search looks in: every language's title and summary. */
const SEARCHED = ["title", "summary"].flatMap((field) => ["En", "Fr", "Ar"].map((suffix) => `a.${field}${suffix}`));

/** Who reads: the asked language (else the web app's, else English), the signed-in caller, and whether staff. */
function readerOf(ctx: Ctx, language: Language | undefined): ArticleReader {
  return {
    language: language ?? requestLanguage(ctx.request) ?? "en",
    userId: ctx.user?.userId ?? null,
    staff: ctx.ability.can("update", "Article"),
  };
}

const searchArticle = route(guideCalls["search-article"], {
  async handler(ctx, input) {
    const reader = readerOf(ctx, input.language);
    let query = articleRows(ctx.db, reader);
    if (input.course !== undefined) query = query.where("c.courseSlug", "=", input.course);
    if (input.search !== "") {
      const pattern = containsPattern(input.search);
      query = query.where(
        sql<boolean>`(${sql.join(
          SEARCHED.map((c) => sql`${sql.ref(c)} LIKE ${pattern} ESCAPE '\\'`),
          sql` OR `,
        )})`,
      );
    }
    const order = [
      [sql`c.position`, "asc"],
      [sql`a.position`, "asc"],
      [sql`a.articleId`, "asc"],
    ] as const;
    const page = await listPage<ArticleSummary>(ctx.db, query, { order, window: input, with: [courseCounts(ctx.db, reader)] });
    // A search nobody's article answers tells staff what to write next (one row per text and language).
    // Not while staff view as a client: a view-as writes nothing (decision 0033).
    if (input.search !== "" && page.total === 0 && input.page === 1 && !ctx.viewAs)
      await countMissedSearch(ctx.db, input.search, reader.language).execute();
    const rows = page.rows.map((row) => ({ ...row, published: Boolean(row.published), read: Boolean(row.read) }));
    const courses = (page.with[0] as unknown as CourseCounts[]).map((c) => ({
      ...c,
      articles: Number(c.articles),
      read: Number(c.read),
    }));
    return list(rows, page, input.page, input.limit, { courses });
  },
});

async function articleBySlug(ctx: Ctx, slug: string, reader: ArticleReader) {
  const row = await articleWithBody(ctx.db, reader).where("a.articleSlug", "=", slug).executeTakeFirst();
  if (!row) throw notFound("noSuchArticle", "no_such_article");
  const found = { ...row, published: Boolean(row.published), read: Boolean(row.read) };
  if (!reader.staff) return found;
  const all = await ctx.db.selectFrom("articles").selectAll().where("articleId", "=", row.articleId).executeTakeFirstOrThrow();
  const textsIn = (s: "En" | "Fr" | "Ar") => ({ title: all[`title${s}`], summary: all[`summary${s}`], body: all[`body${s}`] });
  return { ...found, texts: { en: textsIn("En"), fr: textsIn("Fr"), ar: textsIn("Ar") } };
}

const articleDetail = route(guideCalls["article-detail"], {
  async handler(ctx, input) {
    return json(await articleBySlug(ctx, input.slug, readerOf(ctx, input.language)));
  },
});

const markArticleRead = route(guideCalls["mark-article-read"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const article = await ctx.db
      .selectFrom("articles")
      .select("articleId")
      .where("articleId", "=", input.articleId)
      .where("published", "=", 1)
      .executeTakeFirst();
    if (!article) throw notFound("noSuchArticle", "no_such_article");
    await ctx.db
      .insertInto("article_reads")
      .values({ userId: user.userId, articleId: input.articleId })
      .onConflict((oc) => oc.columns(["userId", "articleId"]).doNothing())
      .execute();
    return json({ message: success(ctx, "articleMarkedRead") });
  },
});

const articleStats = route(guideCalls["article-stats"], {
  async handler(ctx) {
    const language = requestLanguage(ctx.request) ?? "en";
    const [articles, searches] = await Promise.all([
      articleReaders(ctx.db, language).execute(),
      missedSearches(ctx.db).execute(),
    ]);
    return json({
      articles: articles.map((a) => ({ ...a, published: Boolean(a.published), readers: Number(a.readers) })),
      missedSearches: searches,
    });
  },
});

const updateArticle = route(guideCalls["update-article"], {
  async handler(ctx, input) {
    const course = await ctx.db
      .selectFrom("courses")
      .select("courseId")
      .where("courseSlug", "=", input.course)
      .executeTakeFirst();
    if (!course) throw notFound("noSuchCourse", "no_such_course");
    const taken = await ctx.db
      .selectFrom("articles")
      .select("articleId")
      .where("articleSlug", "=", input.slug)
      .where("articleId", "<>", input.articleId)
      .executeTakeFirst();
    if (taken) throw conflict("articleSlugTaken", "slug_taken", "slug");
    if (input.articleId !== 0) {
      const existing = await ctx.db
        .selectFrom("articles")
        .select("articleId")
        .where("articleId", "=", input.articleId)
        .executeTakeFirst();
      if (!existing) throw notFound("noSuchArticle", "no_such_article");
    }
    const summary = input.summary ?? { en: "", fr: "", ar: "" };
    const values = {
      articleSlug: input.slug,
      courseId: course.courseId,
      position: input.position,
      published: input.published ? 1 : 0,
      titleEn: input.title.en,
      titleFr: input.title.fr,
      titleAr: input.title.ar,
      summaryEn: summary.en,
      summaryFr: summary.fr,
      summaryAr: summary.ar,
      bodyEn: sanitiseRichHtml(input.body.en),
      bodyFr: sanitiseRichHtml(input.body.fr),
      bodyAr: sanitiseRichHtml(input.body.ar),
    };
    const detail = { slug: input.slug, published: input.published };
    const write =
      input.articleId === 0
        ? [
            ctx.db.insertInto("articles").values(values),
            audit(domainOf(ctx), { action: "create-article", subject: "Article", subjectId: insertedRowId, detail }),
          ]
        : [
            ctx.db
              .updateTable("articles")
              .set({ ...values, updatedAt: new Date().toISOString() })
              .where("articleId", "=", input.articleId),
            audit(domainOf(ctx), { action: "update-article", subject: "Article", subjectId: input.articleId, detail }),
          ];
    await runBatch(ctx.env.DB, write);
    const article = await articleBySlug(ctx, input.slug, readerOf(ctx, undefined));
    return json({ message: success(ctx, "articleSaved"), article });
  },
});

const deleteArticle = route(guideCalls["delete-article"], {
  async handler(ctx, input) {
    const existing = await ctx.db
      .selectFrom("articles")
      .select("articleSlug")
      .where("articleId", "=", input.articleId)
      .executeTakeFirst();
    if (!existing) throw notFound("noSuchArticle", "no_such_article");
    await runBatch(ctx.env.DB, [
      ctx.db.deleteFrom("article_reads").where("articleId", "=", input.articleId),
      ctx.db.deleteFrom("articles").where("articleId", "=", input.articleId),
      audit(domainOf(ctx), {
        action: "delete-article",
        subject: "Article",
        subjectId: input.articleId,
        detail: { slug: existing.articleSlug },
      }),
    ]);
    return json({ message: success(ctx, "articleDeleted") });
  },
});

export const routes = [searchArticle, articleDetail, markArticleRead, articleStats, updateArticle, deleteArticle];
