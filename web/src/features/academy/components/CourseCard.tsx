import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import { percentRead, type Course } from "../api";

/** A course with how much of it the reader has read, linking to its page. */
export function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation("academy");
  const percent = percentRead(course);
  return (
    <li className="card relative border border-base-300 bg-base-100" data-testid="course-card">
      <div className="card-body gap-3">
        <Icon name="book" className="text-primary" size={24} />
        <h2 className="card-title text-base">
          <Link
            href={`/apps/academy/course-details?course=${course.slug}`}
            className="link link-hover after:absolute after:inset-0"
          >
            {course.title}
          </Link>
        </h2>
        <p className="text-sm text-base-content/80">{t("readOf", { read: course.read, total: course.articles })}</p>
        <progress
          className="progress progress-primary w-full"
          value={percent}
          max={100}
          aria-label={t("progressOf", { course: course.title })}
        />
      </div>
    </li>
  );
}
