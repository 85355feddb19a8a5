import { useTranslation } from "react-i18next";

interface Props {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label?: string;
  /** The "page N of M" text between the buttons; none when left out. */
  pageOf?: (page: number, pages: number) => string;
}

/** Previous / next paging under a card grid; nothing when everything fits on one page. */
export function Pager({ page, total, limit, onPage, label, pageOf }: Props) {
  const { t } = useTranslation();
  const lastPage = Math.max(1, Math.ceil(total / limit));
  if (total <= limit) return null;
  return (
    <nav className="join self-center" aria-label={label}>
      <button
        type="button"
        className="btn join-item"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t("previousPage")}
      >
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
      </button>
      {pageOf && <span className="btn join-item pointer-events-none">{pageOf(page, lastPage)}</span>}
      <button
        type="button"
        className="btn join-item"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
        aria-label={t("nextPage")}
      >
        <span className="icon-directional" aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
