import { useTranslation } from "react-i18next";
import { paging } from "./paging";

interface Props {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  /** `total` is a lower bound: pages are shown as "N+" and Next stays while pages come back full. */
  totalCapped?: boolean;
  /** Rows on this page (used with a capped total); a full page when left out. */
  count?: number;
  /** The navigation's accessible name. */
  label?: string;
  /** The "page N of M" text between the buttons (M already formatted, "100+" when capped); none when left out. */
  pageOf?: (page: number, pages: string) => string;
}

/** Previous / next paging under a card grid; nothing when everything fits on one page. */
export function Pager({ page, total, limit, onPage, totalCapped, count = limit, label, pageOf }: Props) {
  const { t } = useTranslation();
  const { hasPrevious, hasNext, pagesText } = paging({ page, limit, total, totalCapped, count });
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="join self-center" aria-label={label}>
      <button
        type="button"
        className="btn join-item"
        disabled={!hasPrevious}
        onClick={() => onPage(page - 1)}
        aria-label={t("previousPage")}
      >
        <span className="icon-directional" aria-hidden="true">
          ‹
        </span>
      </button>
      {pageOf && <span className="btn join-item pointer-events-none">{pageOf(page, pagesText)}</span>}
      <button
        type="button"
        className="btn join-item"
        disabled={!hasNext}
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
