import { formatNumber } from "../lib/format";

export interface PagingInput {
  page: number;
  limit: number;
  total: number;
  /** `total` is a lower bound (a large table counts up to a cap). */
  totalCapped?: boolean;
  /** Rows on this page; with a capped total, a full page means there may be a next one. */
  count: number;
}

export interface Paging {
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The total as shown: "31", or "1,000+" when capped (the "+" in every language). */
  totalText: string;
  /** The number of pages as shown: "3", or "100+" when capped. */
  pagesText: string;
}

/** The server pages through a list's first 1,000 rows only (docs/API.md, `page_too_deep`). */
export const MAX_LIST_ROWS = 1000;

/**
 * Where a page sits in its list, for the table footer and the card pager. A capped total keeps
 * paging while pages come back full, and never shows less than what was already paged through.
 * No next page past the rows the server pages to.
 */
export function paging({ page, limit, total, totalCapped = false, count }: PagingInput): Paging {
  const offset = (page - 1) * limit;
  const nextFits = offset + 2 * limit <= MAX_LIST_ROWS;
  if (!totalCapped) {
    const pages = Math.max(1, Math.ceil(total / limit));
    return {
      from: total === 0 ? 0 : offset + 1,
      to: Math.min(total, offset + limit),
      hasPrevious: page > 1,
      hasNext: page < pages && nextFits,
      totalText: formatNumber(total),
      pagesText: formatNumber(pages),
    };
  }
  const to = offset + count;
  return {
    from: count === 0 ? 0 : offset + 1,
    to,
    hasPrevious: page > 1,
    hasNext: count >= limit && nextFits,
    totalText: `${formatNumber(Math.max(total, to))}+`,
    pagesText: `${formatNumber(Math.max(Math.ceil(total / limit), page))}+`,
  };
}
