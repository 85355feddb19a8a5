import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import type { ArticleSummary } from "../api";

/** A course's articles in order, each marked read or not, linking to it on the course's page. */
export function ArticleChecklist({ articles, current }: { articles: ArticleSummary[]; current?: string }) {
  const { t } = useTranslation("academy");
  return (
    <ol className="menu w-full p-0">
      {articles.map((article) => (
        <li key={article.slug}>
          <Link
            href={`/apps/academy/course-details?course=${article.course}&article=${article.slug}`}
            className={current === article.slug ? "menu-active" : ""}
            aria-current={current === article.slug ? "page" : undefined}
          >
            <Icon name={article.read ? "check" : "book"} size={16} className={article.read ? "text-success" : "opacity-60"} />
            <span className="grow">{article.title}</span>
            <span className="sr-only">{article.read ? t("read") : t("unread")}</span>
            {!article.published && <span className="badge badge-ghost badge-sm">{t("draft")}</span>}
          </Link>
        </li>
      ))}
    </ol>
  );
}
