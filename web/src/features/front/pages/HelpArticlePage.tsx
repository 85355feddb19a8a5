import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { Icon } from "../../../components/Icon";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSession } from "../../../providers/session";
import { markHelpArticleRead } from "../api";
import { MarketingLayout } from "../components/MarketingLayout";
import { useGuideArticle, useGuideList } from "../lib/guides";

/** /front-pages/help-center/article/:title — the route's `title` is the article's slug. */
export default function HelpArticlePage() {
  const { t } = useTranslation("front");
  const { title: slug = "" } = useParams<{ title: string }>();
  const { articles } = useGuideList();
  const { article, missing, failed, retry } = useGuideArticle(slug);
  const { isLoggedIn } = useSession();
  const related = article ? articles.filter((a) => a.category === article.course && a.slug !== article.slug) : [];

  // Reading an article while signed in marks it read (the academy's progress); the seed's stand-in has no id yet.
  const readId = isLoggedIn && article && article.articleId > 0 && !article.read ? article.articleId : 0;
  useEffect(() => {
    if (readId) void markHelpArticleRead(readId).catch(() => undefined);
  }, [readId]);

  if (!article && !missing) {
    return <MarketingLayout>{failed ? <ErrorState onRetry={retry} /> : <Loading />}</MarketingLayout>;
  }

  if (!article) {
    return (
      <MarketingLayout>
        <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
          <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-bold">{t("help.notFoundTitle")}</h1>
          <p className="text-base-content/70">{t("help.notFoundText")}</p>
          <Link href="/front-pages/help-center" className="btn btn-primary">
            <Icon name="arrow-left" size={16} />
            {t("help.backToHelp")}
          </Link>
        </div>
      </MarketingLayout>
    );
  }

  return (
    <MarketingLayout>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <article className="md:col-span-2" aria-labelledby="article-title">
          <nav className="breadcrumbs text-sm" aria-label={t("help.breadcrumb")}>
            <ul>
              <li>
                <Link href="/front-pages/help-center">{t("help.title")}</Link>
              </li>
              <li>{article.courseTitle}</li>
            </ul>
          </nav>
          <h1 id="article-title" className="mt-2 text-3xl font-bold">
            {article.title}
          </h1>
          <p className="mt-3 text-lg text-base-content/70">{article.summary}</p>
          {/* The Worker sanitised the body to the rich-text allow-list when staff saved it (decision 0023). */}
          <div
            className="mt-6 flex flex-col gap-4 leading-relaxed [&_a]:link [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
            dangerouslySetInnerHTML={{ __html: article.body }}
          />
          <Link href="/front-pages/help-center" className="btn btn-ghost mt-8">
            <Icon name="arrow-left" size={16} />
            {t("help.backToHelp")}
          </Link>
        </article>

        <aside className="flex flex-col gap-6" aria-labelledby="related-title">
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 id="related-title" className="card-title text-lg">
                {t("help.related")}
              </h2>
              {related.length > 0 ? (
                <ul className="menu w-full p-0">
                  {related.map((a) => (
                    <li key={a.slug}>
                      <Link href={`/front-pages/help-center/article/${a.slug}`}>{a.title}</Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-base-content/70">{t("help.noRelated")}</p>
              )}
            </div>
          </div>
          <div className="card bg-base-200">
            <div className="card-body">
              <h2 className="card-title text-lg">{t("help.moreTitle")}</h2>
              <p className="text-sm text-base-content/70">{t("help.moreText")}</p>
              <Link href="/front-pages/pricing" className="btn btn-primary btn-sm">
                {t("nav.pricing")}
              </Link>
            </div>
          </div>
        </aside>
      </div>
    </MarketingLayout>
  );
}
