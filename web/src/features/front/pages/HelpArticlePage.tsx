import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { Icon } from "../../../components/Icon";
import { MarketingLayout } from "../components/MarketingLayout";
import { useHelpArticles } from "../lib/help";

/** /front-pages/help-center/article/:title — the route's `title` is the article's slug. */
export default function HelpArticlePage() {
  const { t } = useTranslation("front");
  const { title: slug = "" } = useParams<{ title: string }>();
  const articles = useHelpArticles();
  const article = articles.find((a) => a.slug === slug);
  const related = article ? articles.filter((a) => a.category === article.category && a.slug !== article.slug) : [];

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
              <li>{t(`help.categories.${article.category}`)}</li>
            </ul>
          </nav>
          <h1 id="article-title" className="mt-2 text-3xl font-bold">
            {article.title}
          </h1>
          <p className="mt-3 text-lg text-base-content/70">{article.summary}</p>
          <div className="mt-6 flex flex-col gap-4 leading-relaxed">
            {article.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
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
