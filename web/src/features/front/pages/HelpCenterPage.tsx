import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import { MarketingLayout } from "../components/MarketingLayout";
import { useGuideList, useGuideSearch } from "../lib/guides";
import { articleMatches } from "../lib/help";

export default function HelpCenterPage() {
  const { t } = useTranslation("front");
  const { articles, courses } = useGuideList();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const searched = useGuideSearch(query);

  const groups = useMemo(() => {
    // Folding accents here finds "securite" at once; the Worker's answer, after a pause, adds what it matched.
    const local = articles.filter((a) => articleMatches(a, query));
    const matched = local.length > 0 || !searched ? local : searched;
    const found = matched.filter((a) => !category || a.category === category);
    return courses
      .map((c) => ({ course: c, articles: found.filter((a) => a.category === c.slug) }))
      .filter((g) => g.articles.length > 0);
  }, [articles, courses, category, query, searched]);
  const count = groups.reduce((n, g) => n + g.articles.length, 0);

  return (
    <MarketingLayout>
      <section className="bg-base-200 px-4 py-14" aria-labelledby="help-title">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 text-center">
          <h1 id="help-title" className="text-3xl font-bold md:text-4xl">
            {t("help.title")}
          </h1>
          <p className="text-base-content/70">{t("help.intro")}</p>
          <form role="search" className="w-full max-w-xl" onSubmit={(e) => e.preventDefault()}>
            <label className="input input-lg w-full">
              <Icon name="search" className="opacity-60" />
              <span className="sr-only">{t("help.searchLabel")}</span>
              <input
                type="search"
                className="grow"
                placeholder={t("help.searchPlaceholder")}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </label>
          </form>
        </div>
      </section>

      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12">
        <div className="flex flex-wrap justify-center gap-2" role="group" aria-label={t("help.categoriesLabel")}>
          <button
            type="button"
            className={`btn btn-sm ${category === null ? "btn-primary" : "btn-ghost"}`}
            aria-pressed={category === null}
            onClick={() => setCategory(null)}
          >
            {t("help.allCategories")}
          </button>
          {courses.map((c) => (
            <button
              key={c.slug}
              type="button"
              className={`btn btn-sm ${category === c.slug ? "btn-primary" : "btn-ghost"}`}
              aria-pressed={category === c.slug}
              onClick={() => setCategory(c.slug)}
            >
              {c.title}
            </button>
          ))}
        </div>

        <p className="sr-only" role="status" aria-live="polite">
          {t("help.resultCount", { count })}
        </p>

        {groups.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-8 text-center text-base-content/70">
            <p>{t("help.noResults", { query: query.trim() })}</p>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setQuery("");
                setCategory(null);
              }}
            >
              {t("help.clearSearch")}
            </button>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.course.slug} aria-labelledby={`help-${group.course.slug}`} className="flex flex-col gap-4">
              <h2 id={`help-${group.course.slug}`} className="text-xl font-bold">
                {group.course.title}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.articles.map((article) => (
                  <li key={article.slug} className="card relative border border-base-300 bg-base-100" data-testid="help-article">
                    <div className="card-body gap-2">
                      <Icon name={article.icon} className="text-primary" size={24} />
                      <h3 className="card-title text-base">
                        <Link
                          href={`/front-pages/help-center/article/${article.slug}`}
                          className="link link-hover after:absolute after:inset-0"
                        >
                          {article.title}
                        </Link>
                      </h3>
                      <p className="text-sm text-base-content/70">{article.summary}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}

        <section aria-labelledby="help-contact" className="card bg-base-200">
          <div className="card-body items-center text-center">
            <h2 id="help-contact" className="card-title">
              {t("help.moreTitle")}
            </h2>
            <p className="text-base-content/70">{t("help.moreText")}</p>
            <div className="card-actions">
              <Link href="/front-pages/pricing" className="btn btn-primary">
                {t("nav.pricing")}
              </Link>
              <Link href="/front-pages/payment" className="btn btn-ghost">
                {t("nav.payment")}
              </Link>
            </div>
          </div>
        </section>
      </div>
    </MarketingLayout>
  );
}
