import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { formatDay, formatNumber } from "../../../lib/format";
import { fetchStats } from "../api";

/** /dashboards/academy (staff): which articles are read, which help center searches found nothing; the way to edit. */
export default function AcademyStatsPage() {
  const { t } = useTranslation("academy");
  const stats = useSWR("article-stats", fetchStats);
  const data = stats.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("statsTitle")} subtitle={t("statsSubtitle")}>
        <Link href="/apps/academy/article-editor" className="btn btn-sm btn-primary">
          <Icon name="plus" size={16} />
          {t("newArticle")}
        </Link>
      </PageHeader>
      {stats.error ? (
        <ErrorState onRetry={() => void stats.mutate()} />
      ) : !data ? (
        <Loading />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <section className="card border border-base-300 bg-base-100" aria-labelledby="stats-articles">
            <div className="card-body gap-3 p-4">
              <h2 id="stats-articles" className="card-title text-base">
                {t("readArticles")}
              </h2>
              {data.articles.length === 0 ? (
                <Empty text={t("noArticles")} />
              ) : (
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <thead className="text-base-content">
                      <tr>
                        <th scope="col">{t("article")}</th>
                        <th scope="col" className="text-end">
                          {t("readers")}
                        </th>
                        <th scope="col">
                          <span className="sr-only">{t("actions")}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.articles.map((a) => (
                        <tr key={a.articleId}>
                          <td>
                            {a.title}
                            {!a.published && <span className="badge badge-ghost badge-sm ms-2">{t("draft")}</span>}
                          </td>
                          <td className="text-end tabular-nums">{formatNumber(a.readers)}</td>
                          <td className="text-end">
                            <Link href={`/apps/academy/article-editor?slug=${a.slug}`} className="btn btn-ghost btn-xs">
                              {t("edit")}
                              <span className="sr-only">{a.title}</span>
                            </Link>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </section>
          <section className="card border border-base-300 bg-base-100" aria-labelledby="stats-searches">
            <div className="card-body gap-3 p-4">
              <h2 id="stats-searches" className="card-title text-base">
                {t("missedSearches")}
              </h2>
              {data.missedSearches.length === 0 ? (
                <Empty text={t("noMissedSearches")} />
              ) : (
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <thead className="text-base-content">
                      <tr>
                        <th scope="col">{t("search")}</th>
                        <th scope="col">{t("language")}</th>
                        <th scope="col" className="text-end">
                          {t("searches")}
                        </th>
                        <th scope="col">{t("lastAt")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.missedSearches.map((s) => (
                        <tr key={`${s.search}-${s.language}`}>
                          <td dir="auto">{s.search}</td>
                          <td>{t(`languageName.${s.language}`)}</td>
                          <td className="text-end tabular-nums">{formatNumber(s.searches)}</td>
                          <td>{formatDay(s.lastAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
