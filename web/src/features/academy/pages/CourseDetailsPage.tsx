import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useSearchParams } from "wouter";
import { Icon } from "../../../components/Icon";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { articleKey, fetchArticle, fetchGuides, guidesKey, markRead, percentRead } from "../api";
import { ArticleBody } from "../components/ArticleBody";
import { ArticleChecklist } from "../components/ArticleChecklist";

/**
 * /apps/academy/course-details?course=<slug>&article=<slug>: one course's articles in order and the chosen
 * one (the first by default); opening an article marks it read.
 */
export default function CourseDetailsPage() {
  const { t } = useTranslation("academy");
  const [params] = useSearchParams();
  const courseSlug = params.get("course") ?? "";
  const guides = useSWR(guidesKey(courseSlug), () => fetchGuides(courseSlug));
  const course = guides.data?.courses.find((c) => c.slug === courseSlug);
  const articles = guides.data?.data ?? [];
  const chosen = params.get("article") ?? articles[0]?.slug ?? "";
  const article = useSWR(chosen ? articleKey(chosen) : null, () => fetchArticle(chosen));
  const opened = article.data;
  const { mutate } = guides;

  useEffect(() => {
    if (opened && opened.published && !opened.read)
      void markRead(opened.articleId).then(
        () => mutate(),
        () => undefined,
      );
  }, [opened, mutate]);

  if (guides.error) return <ErrorState onRetry={() => void guides.mutate()} />;
  if (!guides.data) return <Loading />;
  if (!course)
    return (
      <Empty text={t("noSuchCourse")}>
        <Link href="/apps/academy/dashboard" className="btn btn-sm">
          {t("backToCourses")}
        </Link>
      </Empty>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={course.title} subtitle={t("readOf", { read: course.read, total: course.articles })}>
        <Link href="/apps/academy/dashboard" className="btn btn-sm btn-ghost">
          <Icon name="arrow-left" size={16} />
          {t("backToCourses")}
        </Link>
      </PageHeader>
      <progress
        className="progress progress-primary w-full"
        value={percentRead(course)}
        max={100}
        aria-label={t("progressOf", { course: course.title })}
      />
      {articles.length === 0 ? (
        <Empty text={t("noArticles")} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <nav className="card border border-base-300 bg-base-100 lg:order-last" aria-label={t("courseArticles")}>
            <div className="card-body p-2">
              <ArticleChecklist articles={articles} current={chosen} />
            </div>
          </nav>
          <article className="card border border-base-300 bg-base-100 lg:col-span-2" aria-labelledby="course-article-title">
            <div className="card-body gap-3">
              {article.error ? (
                <ErrorState onRetry={() => void article.mutate()} />
              ) : !opened ? (
                <Loading />
              ) : (
                <>
                  <h2 id="course-article-title" className="text-2xl font-bold">
                    {opened.title}
                  </h2>
                  {opened.summary && <p className="text-base-content/80">{opened.summary}</p>}
                  <ArticleBody html={opened.body} dir={opened.language === "ar" ? "rtl" : undefined} />
                </>
              )}
            </div>
          </article>
        </div>
      )}
    </div>
  );
}
