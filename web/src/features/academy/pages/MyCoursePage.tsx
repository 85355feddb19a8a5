import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { fetchGuides, guidesKey, percentRead } from "../api";
import { ArticleChecklist } from "../components/ArticleChecklist";

/** /apps/academy/my-course: the reader's progress, course by course: which articles they have read. */
export default function MyCoursePage() {
  const { t } = useTranslation("academy");
  const guides = useSWR(guidesKey(), () => fetchGuides());
  const data = guides.data;
  const courses = data?.courses.filter((c) => c.articles > 0) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("myCourseTitle")} subtitle={t("myCourseSubtitle")} />
      {guides.error ? (
        <ErrorState onRetry={() => void guides.mutate()} />
      ) : !data ? (
        <Loading />
      ) : courses.length === 0 ? (
        <Empty text={t("noCourses")} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {courses.map((course) => (
            <section
              key={course.slug}
              className="card border border-base-300 bg-base-100"
              aria-labelledby={`course-${course.slug}`}
            >
              <div className="card-body gap-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`course-${course.slug}`} className="card-title text-base">
                    {course.title}
                  </h2>
                  <span className="text-sm text-base-content/80">
                    {t("readOf", { read: course.read, total: course.articles })}
                  </span>
                </div>
                <progress
                  className="progress progress-primary w-full"
                  value={percentRead(course)}
                  max={100}
                  aria-label={t("progressOf", { course: course.title })}
                />
                <ArticleChecklist articles={data.data.filter((a) => a.course === course.slug)} />
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
