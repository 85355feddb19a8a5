import { useTranslation } from "react-i18next";

/** Previous / next paging under a card grid. */
export function Pager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("items");
  const lastPage = Math.max(1, Math.ceil(total / limit));
  if (total <= limit) return null;
  return (
    <nav className="join self-center" aria-label={t("paging")}>
      <button
        type="button"
        className="btn join-item"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t("common:previousPage")}
      >
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
      </button>
      <span className="btn join-item pointer-events-none">{t("pageOf", { page, pages: lastPage })}</span>
      <button
        type="button"
        className="btn join-item"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
        aria-label={t("common:nextPage")}
      >
        <span className="icon-directional" aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
