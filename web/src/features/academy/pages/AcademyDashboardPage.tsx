import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useSession } from "../../../providers/session";
import { fetchGuides, guidesKey, percentRead } from "../api";
import { CourseCard } from "../components/CourseCard";

/** /apps/academy/dashboard: the courses, each with how much of it the reader has read. */
export default function AcademyDashboardPage() {
  const { t } = useTranslation("academy");
  const { ability } = useSession();
  const guides = useSWR(guidesKey(), () => fetchGuides());
  const courses = guides.data?.courses.filter((c) => c.articles > 0) ?? [];
  const total = courses.reduce((sum, c) => ({ articles: sum.articles + c.articles, read: sum.read + c.read }), {
    articles: 0,
    read: 0,
  });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        <div className="flex flex-wrap gap-2">
          <Link href="/apps/academy/my-course" className="btn btn-sm btn-primary">
            {t("myCourseTitle")}
          </Link>
          {ability.can("update", "Article") && (
            <Link href="/dashboards/academy" className="btn btn-sm btn-ghost">
              {t("statsTitle")}
            </Link>
          )}
        </div>
      </PageHeader>
      {guides.error ? (
        <ErrorState onRetry={() => void guides.mutate()} />
      ) : !guides.data ? (
        <Loading />
      ) : courses.length === 0 ? (
        <Empty text={t("noCourses")} />
      ) : (
        <>
          <section className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal" aria-label={t("summary")}>
            <div className="stat px-4 py-3">
              <div className="stat-title text-base-content/80">{t("courses")}</div>
              <div className="stat-value text-2xl tabular-nums">{courses.length}</div>
            </div>
            <div className="stat px-4 py-3">
              <div className="stat-title text-base-content/80">{t("articlesRead")}</div>
              <div className="stat-value text-2xl tabular-nums">{t("readOf", { read: total.read, total: total.articles })}</div>
            </div>
            <div className="stat px-4 py-3">
              <div className="stat-title text-base-content/80">{t("progress")}</div>
              <div className="stat-value text-2xl tabular-nums">{percentRead(total)} %</div>
            </div>
          </section>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <CourseCard key={course.slug} course={course} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
